/**
 * An incremental reader of server-sent events (the WHATWG "event stream" format), used by the
 * browser for the streamed sample answer and by the benchmark. Feed it text as it arrives; it
 * returns the events completed so far. Comments (": …") and unknown fields are skipped.
 */
export type SseEvent = { event: string; data: string };

export function createSseParser() {
  let buffer = "";
  let event = "";
  let data: string[] = [];

  function line(text: string, out: SseEvent[]) {
    if (text === "") {
      if (data.length > 0) out.push({ event: event || "message", data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }

  return {
    /** Adds decoded text; returns the events it completed. */
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone "\r" at the very end may be the first half of "\r\n": wait for more.
        if (match[0] === "\r" && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    /**
     * Ends the stream: completes a line ended by a final lone "\r"; an event without its closing
     * blank line is dropped, as the format says.
     */
    end(): SseEvent[] {
      const out: SseEvent[] = [];
      if (buffer.endsWith("\r")) line(buffer.slice(0, -1), out);
      buffer = "";
      event = "";
      data = [];
      return out;
    },
  };
}
