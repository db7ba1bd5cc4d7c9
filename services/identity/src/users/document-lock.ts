/**
 * Runs writes to the same document one after another within this process.
 *
 * FerretDB v1 applies an update by reading the document and writing it back
 * without isolation, so two concurrent updates of one document lose one of
 * them (50 concurrent `$inc` leave 5). MongoDB applies them atomically; the
 * embedded default runs identity in a single process, where this lock makes
 * its writes safe too.
 */
export class DocumentLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(documentId: string, write: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(documentId) ?? Promise.resolve();
    const result = previous.then(write);
    // The chain continues whether this write succeeds or fails.
    const tail = result.catch(() => undefined);
    this.tails.set(documentId, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(documentId) === tail) this.tails.delete(documentId);
    }
  }
}
