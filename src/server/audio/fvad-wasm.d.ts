// The part of @echogarden/fvad-wasm (libfvad, the WebRTC voice-activity detector, as an
// Emscripten module) that speech.ts uses; the package ships no types. C API: libfvad's fvad.h.
declare module "@echogarden/fvad-wasm" {
  type FvadModule = {
    _fvad_new(): number;
    _fvad_free(handle: number): void;
    /** 0 (least aggressive) … 3 (most); 0 on success. */
    _fvad_set_mode(handle: number, mode: number): number;
    /** 8000, 16000, 32000 or 48000; 0 on success. */
    _fvad_set_sample_rate(handle: number, sampleRate: number): number;
    /** One frame of 10, 20 or 30 ms of 16-bit samples: 1 speech, 0 not, -1 a bad frame length. */
    _fvad_process(handle: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    HEAP16: Int16Array;
  };
  export default function createFvad(): Promise<FvadModule>;
}
