import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import {
  MAX_CV_BASE64_CHARS,
  MAX_CV_FILE_BYTES,
  MAX_CV_TEXT_CHARS,
  MIN_CV_TEXT_CHARS,
  type ReadCvResponse,
} from "@/shared/cv";
import { checkZip } from "./zip-budget";

/**
 * An uploaded CV as text (read-cv). The file's kind is told from its bytes, never from its name:
 * a PDF's text layer through unpdf (pdf.js), a DOCX's paragraphs through mammoth, or UTF-8 text.
 * Every file it cannot read is a 4xx with a message that says what to do instead; nothing an
 * uploader sends reaches a 500.
 */

/** What a DOCX may expand to: a long CV's document.xml with its styles is well under 5 MB. */
const MAX_DOCX_EXPANDED_BYTES = 20 * 1024 * 1024;
/** Pages read from a PDF: a CV has two or three; a longer file is read from its start. */
const MAX_PDF_PAGES = 20;

const PASTE_INSTEAD = "We could not find text in this file — paste your CV's text instead.";

const cvErrors = {
  tooLarge: () => payloadTooLarge("The CV file is too large", MAX_CV_FILE_BYTES),
  wrongType: () =>
    new ApiError(
      "unsupported_media_type",
      "A CV must be a PDF, a Word document (.docx) or plain text. You can also paste its text.",
    ),
  noText: () => new ApiError("no_text_found", PASTE_INSTEAD),
  unreadable: (what: string) =>
    new ApiError("unprocessable", `${what} Save it again, or paste your CV's text instead.`),
};

export async function readCvFile(data: string): Promise<ReadCvResponse> {
  const bytes = decodeFile(data);
  if (startsWith(bytes, "%PDF-")) return finish(await readPdf(bytes), "pdf");
  if (startsWith(bytes, "PK\x03\x04")) return finish(await readDocx(bytes), "docx");
  if (startsWith(bytes, "\xd0\xcf\x11\xe0")) {
    throw new ApiError(
      "unsupported_media_type",
      "This is an older Word document (.doc). Save it as .docx or PDF, or paste its text.",
    );
  }
  return finish(readPlainText(bytes), "text");
}

function decodeFile(data: string): Buffer {
  const base64 = data.replace(/^data:[^,]{0,200},/, "").replace(/\s+/g, "");
  if (base64.length > MAX_CV_BASE64_CHARS) throw cvErrors.tooLarge();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    throw new ApiError("invalid_base64", "data must be the file as a base64 string.");
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw new ApiError("bad_request", "The file is empty.");
  if (bytes.length > MAX_CV_FILE_BYTES) throw cvErrors.tooLarge();
  return bytes;
}

const startsWith = (bytes: Buffer, magic: string) =>
  bytes.subarray(0, magic.length).equals(Buffer.from(magic, "latin1"));

async function readPdf(bytes: Buffer): Promise<string> {
  let pages: string[];
  try {
    // verbosity 0: pdf.js's repair warnings about a damaged file are not our log's business.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    if (pdf.numPages > MAX_PDF_PAGES) {
      const read: string[] = [];
      for (let number = 1; number <= MAX_PDF_PAGES; number++) {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        read.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
      }
      pages = read;
    } else {
      pages = (await extractText(pdf, { mergePages: false })).text;
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") {
      throw cvErrors.unreadable("This PDF is protected by a password, so it cannot be read.");
    }
    throw cvErrors.unreadable("This PDF is damaged or not a PDF.");
  }
  return pages.join("\n\n");
}

async function readDocx(bytes: Buffer): Promise<string> {
  const zip = checkZip(bytes, MAX_DOCX_EXPANDED_BYTES);
  if (!zip.ok && zip.reason === "too-large") {
    throw payloadTooLarge(
      "This Word document expands to more than a CV could hold",
      MAX_DOCX_EXPANDED_BYTES,
    );
  }
  if (!zip.ok || !zip.names.includes("word/document.xml")) {
    if (zip.ok) throw cvErrors.wrongType();
    throw cvErrors.unreadable("This Word document is damaged.");
  }
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return result.value;
  } catch {
    throw cvErrors.unreadable("This Word document is damaged.");
  }
}

function readPlainText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw cvErrors.wrongType();
  }
  // Control characters other than tabs and line breaks mean a binary file (an image, a zip).
  if ([...text].some(isControl)) throw cvErrors.wrongType();
  return text;
}

/** C0 control characters other than tab, line feed, vertical tab, form feed, carriage return. */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 9 || (code > 13 && code < 32);
}

/** Tidied text: no runs of blank lines or trailing spaces; refused when nothing is left. */
function finish(raw: string, format: ReadCvResponse["format"]): ReadCvResponse {
  const text = raw
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00a0]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (text.replace(/\s+/g, "").length < MIN_CV_TEXT_CHARS / 2) throw cvErrors.noText();
  const truncated = text.length > MAX_CV_TEXT_CHARS;
  return { text: truncated ? text.slice(0, MAX_CV_TEXT_CHARS) : text, format, truncated };
}
