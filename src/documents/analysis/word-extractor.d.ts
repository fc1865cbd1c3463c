/** word-extractor 1.x ships no types: the part used here (legacy .doc text). */
declare module 'word-extractor' {
  class WordDocument {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
