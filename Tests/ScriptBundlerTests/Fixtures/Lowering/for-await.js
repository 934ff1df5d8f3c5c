// for await: declarations, assignment targets and patterns, labels, break/continue/return, nested in async generators.
async function collect(stream, out) {
  for await (const chunk of stream) out.push(chunk);
  for await (out.last of stream.again()) {
    if (out.last > 2) break;
  }
  outer: for (const list of [stream]) {
    inner: for await (let [key, { value }] of list) {
      if (!key) continue outer;
      if (value) return value;
      continue inner;
    }
  }
}
async function* pipe(source) {
  for await (var item of source) yield item * 2;
}
