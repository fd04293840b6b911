// The npm package ships an Emscripten build without type declarations; this is the part used.
declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: {
      writeFile(path: string, data: string | Uint8Array): void;
      readFile(path: string): Uint8Array;
    };
  }
  interface ESpeakNgOptions {
    arguments: string[];
    preRun?: ((module: ESpeakNgModule) => void)[];
    instantiateWasm?: (imports: unknown, receive: (instance: unknown, module: unknown) => void) => object;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    quit?: (status: number, toThrow: unknown) => void;
  }
  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}
