import { crc32, deflateRawSync } from "node:zlib";

/**
 * CV files made at test time, so the tests and the CV evaluation read real PDF and DOCX bytes
 * without binary fixtures: a text PDF (one or two columns), a scanned one (an image, no text
 * layer), an encrypted one, and DOCX files (paragraphs or a table), including a zip bomb.
 */

// ---------------------------------------------------------------- PDF

/** WinAnsi codes for the few characters beyond Latin-1 a CV uses. */
const WIN_ANSI: Record<string, number> = {
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
};

function pdfString(text: string): string {
  let out = "";
  for (const char of text) {
    const code = WIN_ANSI[char] ?? char.charCodeAt(0);
    const byte = code > 255 ? 63 : code;
    const c = String.fromCharCode(byte);
    out += c === "(" || c === ")" || c === "\\" ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** A PDF whose objects are `bodies` (object 1 is the catalog), with a correct xref table. */
function pdfOf(bodies: (string | Buffer)[], trailerExtra = ""): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    "xref",
    `0 ${bodies.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>`,
    "startxref",
    String(length),
    "%%EOF",
  ].join("\n");
  parts.push(Buffer.from(`${xref}\n`, "latin1"));
  return Buffer.concat(parts);
}

const stream = (content: string | Buffer, dict = "") => {
  const bytes = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  return Buffer.concat([
    Buffer.from(`<< /Length ${bytes.length} ${dict}>>\nstream\n`, "latin1"),
    bytes,
    Buffer.from("\nendstream", "latin1"),
  ]);
};

/**
 * A text PDF: each page's lines top to bottom; with `columns: 2`, a page's lines are split at
 * the first line that is exactly "|" into a narrow left column and a wide right one.
 */
export function textPdf(pages: string[][], options: { columns?: 1 | 2 } = {}): Buffer {
  const pageCount = pages.length;
  // 1 catalog, 2 pages, 3 font, then a page and its content per page.
  const kids = pages.map((_, index) => `${4 + index * 2} 0 R`).join(" ");
  const bodies: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  for (const [index, lines] of pages.entries()) {
    const split = options.columns === 2 ? lines.indexOf("|") : -1;
    const columns = split >= 0 ? [lines.slice(0, split), lines.slice(split + 1)] : [lines];
    const content = columns
      .map((column, at) => {
        const x = at === 0 ? 50 : 220;
        const shown = column.map((line) => `${pdfString(line)} Tj T*`).join("\n");
        return `BT /F1 10 Tf 13 TL ${x} 760 Td\n${shown}\nET`;
      })
      .join("\n");
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
      stream(content),
    );
  }
  return pdfOf(bodies);
}

/** A "scanned" CV: one page that paints an image and has no text layer. */
export function scannedPdf(): Buffer {
  const pixels = Buffer.alloc(64 * 64, 0xc0);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
    stream(
      pixels,
      "/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 ",
    ),
    stream("q 512 0 0 692 50 50 cm /Im1 Do Q"),
  ]);
}

/** A PDF that needs a password to open (standard security handler, an unknown password). */
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  return pdfOf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      `<< /Filter /Standard /V 1 /R 2 /O ${hex32("ab")} /U ${hex32("cd")} /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] `,
  );
}

// ---------------------------------------------------------------- DOCX (a zip)

type ZipEntry = { name: string; data: Buffer };

/** A zip of `entries`, each deflated, with local headers and a central directory. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const WORD_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const paragraph = (text: string) =>
  `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;

function docxWith(body: string): Buffer {
  return zipOf([
    {
      name: "[Content_Types].xml",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: "word/document.xml",
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><w:document ${WORD_NS}><w:body>${body}</w:body></w:document>`,
      ),
    },
  ]);
}

/**
 * A DOCX of the CV's lines, one paragraph each; with `table: true`, lines holding a tab become
 * a two-cell table row (the "dates | role" layout many templates use).
 */
export function cvDocx(lines: string[], options: { table?: boolean } = {}): Buffer {
  const body = lines
    .map((line) => {
      if (!options.table || !line.includes("\t")) return paragraph(line);
      const cells = line.split("\t").map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`);
      return `<w:tbl><w:tr>${cells.join("")}</w:tr></w:tbl>`;
    })
    .join("");
  return docxWith(body);
}

/** A small DOCX whose document expands to about `megabytes` MB of text. */
export function zipBombDocx(megabytes = 200): Buffer {
  const run = `<w:p><w:r><w:t>${"A".repeat(1024 * 1024)}</w:t></w:r></w:p>`;
  return docxWith(run.repeat(megabytes));
}
