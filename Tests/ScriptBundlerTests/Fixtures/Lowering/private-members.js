class Counter {
  #count = 0;
  static #instances = 0;
  #step;
  constructor(step) {
    this.#step = step;
    Counter.#instances++;
  }
  #bump(by) { this.#count += by ?? this.#step; return this; }
  get #double() { return this.#count * 2; }
  set #double(v) { this.#count = v / 2; }
  get #readOnly() { return 1; }
  static #reset(counter) { counter.#count = 0; }
  increment() { return this.#bump(1).#count; }
  update() {
    this.#count++;
    --this.#count;
    this.#count **= 2;
    this.#count ||= 3;
    this.#count ??= 4;
    [this.#count, { a: this.#double }] = [5, { a: 6 }];
    for (this.#step of [7]) {}
    return this.#double;
  }
  tag() { return this.#bump`x`; }
  optional(other) { return other?.#count ?? other?.#bump?.(1)?.#count; }
  static has(o) { return #count in o && #bump in o; }
  static reset(c) { Counter.#reset(c); return Counter.#instances; }
}
