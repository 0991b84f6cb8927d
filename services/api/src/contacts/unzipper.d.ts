/** The part of unzipper 0.10 the spreadsheet reader uses (the package ships no types). */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export interface ZipEntry {
    path: string;
    type: 'File' | 'Directory';
    /** As the zip's central directory declares it: a forged file may understate it. */
    uncompressedSize: number;
    /** The entry's inflated bytes. */
    stream(): Readable;
  }

  const unzipper: { Open: { file(path: string): Promise<{ files: ZipEntry[] }> } };
  export default unzipper;
}
