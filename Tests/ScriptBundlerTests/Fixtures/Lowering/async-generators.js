// Async generators: declarations, expressions, methods; await, yield, yield*, return; parameters.
async function* numbers(limit, step) {
  "use strict";
  var limit;
  for (let i = 0; i < limit; i += step) {
    const value = await Promise.resolve(i);
    yield value;
  }
  const inner = yield* numbers.inner(arguments.length);
  return await inner;
}
const source = async function* () {
  try {
    yield 1;
  } finally {
    await cleanUp(() => this);
  }
};
class Feed {
  async *items(...pages) {
    for (const page of pages) yield* page;
  }
  static async *[Symbol.asyncIterator]() {
    return;
  }
}
const object = { async *entries({ a, b }) { yield [a, await b]; } };
class Derived extends Feed {
  async *items(page) {
    const from = () => super.items;
    yield* super.items(page, await super["items"].length);
    yield from() === super.items;
  }
}
