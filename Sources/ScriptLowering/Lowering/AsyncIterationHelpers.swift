/// The helpers of async generators and `for await` (`AsyncGeneratorLowering.swift`, `ForAwaitLowering.swift`),
/// written for engines without async iteration: ES2017 syntax, `Symbol.asyncIterator` or
/// `Symbol.for("Symbol.asyncIterator")` where the engine lacks it.
extension LoweringHelper {
    /// The source of one of the async iteration helpers.
    var asyncIterationSource: String {
        switch self {
        case .awaitMarker:
            """
            function __await(value, kind) {
              this.v = value;
              this.k = kind;
            }
            """
        case .asyncIterator:
            """
            function __asyncIterator(value) {
              var method, iterator, sync, syncNext, wrap, guard;
              if (value == null) throw new TypeError(value + " is not async iterable");
              method = value[Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator")];
              if (method == null) {
                method = value[Symbol.iterator];
                if (method == null) throw new TypeError("object is not async iterable");
                sync = method.call(value);
                if (Object(sync) !== sync) throw new TypeError("Result of the Symbol.iterator method is not an object");
                syncNext = sync.next;
                wrap = function (result) {
                  if (Object(result) !== result) throw new TypeError("Iterator result " + result + " is not an object");
                  var done = !!result.done;
                  return Promise.resolve(result.value).then(function (v) { return { value: v, done: done }; });
                };
                guard = function (step) {
                  try { return step(); } catch (error) { return Promise.reject(error); }
                };
                iterator = {
                  next: function () {
                    var args = arguments;
                    return guard(function () { return wrap(syncNext.apply(sync, args)); });
                  },
                  return: function (v) {
                    var args = arguments;
                    return guard(function () {
                      var m = sync.return;
                      return m == null ? Promise.resolve({ value: v, done: true }) : wrap(m.apply(sync, args));
                    });
                  },
                  throw: function (v) {
                    var args = arguments;
                    return guard(function () {
                      var m = sync.throw;
                      if (m == null) throw v;
                      return wrap(m.apply(sync, args));
                    });
                  }
                };
                return { i: iterator, n: iterator.next };
              }
              iterator = method.call(value);
              if (Object(iterator) !== iterator) throw new TypeError("Result of the Symbol.asyncIterator method is not an object");
              return { i: iterator, n: iterator.next };
            }
            """
        case .asyncGenerator:
            """
            function __asyncGenerator(self, args, body) {
              var generator = body.apply(self, args), queue = [], state = 0, iterator = {};
              function settle(ok, value, done) {
                var request = queue.shift();
                if (ok) request.r({ value: value, done: done });
                else request.j(value);
              }
              function finish(ok, value) {
                state = 4;
                settle(ok, value, true);
                drain();
              }
              function drain() {
                while (queue.length) {
                  if (queue[0].k === "return") return awaitReturn(queue[0].v);
                  if (queue[0].k === "throw") settle(false, queue[0].v);
                  else settle(true, void 0, true);
                }
              }
              function awaitReturn(value) {
                state = 3;
                wait(value, function (v) { finish(true, v); }, function (e) { finish(false, e); });
              }
              function wait(value, fulfilled, rejected) {
                var promise;
                try { promise = Promise.resolve(value); } catch (error) { return rejected(error); }
                promise.then(fulfilled, rejected);
              }
              function resume(kind, value) {
                var step, yielded;
                state = 2;
                try { step = generator[kind](value); } catch (error) { return finish(false, error); }
                if (step.done) return finish(true, step.value);
                yielded = step.value;
                if (!(yielded instanceof __await)) return wait(yielded, yieldValue, resumeThrow);
                if (yielded.k === 1) return yieldValue(yielded.v);
                wait(yielded.v, yielded.k === 2 ? resumeReturn : resumeNext, resumeThrow);
              }
              function resumeNext(value) { resume("next", value); }
              function resumeThrow(error) { resume("throw", error); }
              function resumeReturn(value) { resume("return", value); }
              function yieldValue(value) {
                settle(true, value, false);
                if (queue.length) start(queue[0]);
                else state = 1;
              }
              function start(request) {
                if (request.k !== "return") return resume(request.k, request.v);
                state = 2;
                wait(request.v, resumeReturn, resumeThrow);
              }
              function request(kind, value) {
                return new Promise(function (resolve, reject) {
                  var entry = { k: kind, v: value, r: resolve, j: reject };
                  if (state === 0 && kind !== "next") state = 4;
                  if (state === 4) {
                    if (kind === "next") return resolve({ value: void 0, done: true });
                    if (kind === "throw") return reject(value);
                    queue.push(entry);
                    return awaitReturn(value);
                  }
                  queue.push(entry);
                  if (state < 2) start(entry);
                });
              }
              iterator.next = function (value) { return request("next", value); };
              iterator.throw = function (value) { return request("throw", value); };
              iterator.return = function (value) { return request("return", value); };
              iterator[Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator")] = function () { return this; };
              return iterator;
            }
            """
        case .yieldStar:
            """
            function __yieldStar(value) {
              var record = __asyncIterator(value), iterator = record.i, pending = 0, delegate;
              function check(result) {
                if (Object(result) !== result) throw new TypeError("Iterator result " + result + " is not an object");
                return result;
              }
              function awaiting(kind, result) {
                pending = kind;
                return { value: new __await(result), done: false };
              }
              delegate = {
                next: function (value) {
                  var was = pending, result;
                  pending = 0;
                  if (was === 0) return awaiting(1, record.n.call(iterator, value));
                  result = check(value);
                  if (was === 3) throw new TypeError("The iterator does not provide a 'throw' method");
                  if (!result.done) return { value: new __await(result.value, 1), done: false };
                  if (was === 1) return { value: result.value, done: true };
                  pending = 4;
                  return { value: new __await(result.value, 2), done: false };
                },
                throw: function (error) {
                  var was = pending, method;
                  pending = 0;
                  if (was !== 0) throw error;
                  method = iterator.throw;
                  if (method != null) return awaiting(1, method.call(iterator, error));
                  method = iterator.return;
                  if (method == null) throw new TypeError("The iterator does not provide a 'throw' method");
                  return awaiting(3, method.call(iterator));
                },
                return: function (value) {
                  var method;
                  if (pending === 4) {
                    pending = 0;
                    return { value: value, done: true };
                  }
                  method = iterator.return;
                  if (method != null) return awaiting(2, method.call(iterator, value));
                  pending = 4;
                  return { value: new __await(value, 2), done: false };
                }
              };
              delegate[Symbol.iterator] = function () { return this; };
              return delegate;
            }
            """
        case .forAwait:
            """
            function __forAwait(value) {
              var record = __asyncIterator(value);
              return {
                o: false,
                n: function () {
                  this.o = false;
                  return record.n.call(record.i);
                },
                s: function (result) {
                  if (Object(result) !== result) throw new TypeError("Iterator result " + result + " is not an object");
                  return this.o = !result.done;
                },
                r: function () {
                  var method;
                  if (!this.o) return;
                  this.o = false;
                  method = record.i.return;
                  if (method != null) return [method.call(record.i)];
                },
                k: function (result) {
                  if (Object(result) !== result) throw new TypeError("Iterator result " + result + " is not an object");
                }
              };
            }
            """
        default:
            ""
        }
    }

    /// The helpers `self` calls by name, registered with it (`__await` and `__asyncIterator`).
    var asyncIterationDependencies: [LoweringHelper] {
        switch self {
        case .asyncGenerator: [.awaitMarker]
        case .yieldStar: [.awaitMarker, .asyncIterator]
        case .forAwait: [.asyncIterator]
        default: []
        }
    }
}
