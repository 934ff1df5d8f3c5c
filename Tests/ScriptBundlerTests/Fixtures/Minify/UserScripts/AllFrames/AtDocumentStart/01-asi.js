/*! asi.js: legal comment kept in the license file */
// Automatic semicolon insertion and the places where a line break matters.
var log = window.log
function returnsUndefined() {
  return
  42
}
log.push("return-newline:" + returnsUndefined())
var a = 1, b = 2
a
++b
log.push("prefix-after-newline:" + a + "," + b)
var called = function (v) { return v * 2 }
(3)
log.push("call-across-newline:" + called)
var arrow = x => {}
+1
log.push("arrow-then-plus:" + typeof arrow)
var c = 5
var d = c
-1
log.push("minus-across-newline:" + d)
let
letName = "let-declared"
log.push("let-newline:" + letName)
var async = "async-identifier"
async
function afterAsync() { return "declared" }
log.push("async-newline:" + async + "," + afterAsync())
function* gen() {
  yield
  1
}
log.push("yield-newline:" + JSON.stringify([...gen()]))
var i = 0
do i++; while (i < 3) log.push("do-while:" + i)
var obj = { k: 1 }
var member = obj
.k
log.push("member-across-newline:" + member)
if (a) { log.push("block") }
[1, 2].forEach(function (n) { log.push("after-block:" + n) })
label1:
for (var p = 0; p < 3; p++) {
  for (var q = 0; q < 3; q++) {
    if (q === 1) continue label1
    if (p === 2) break label1
    log.push("labels:" + p + q)
  }
}
var e = 3, f = 4
var g = e
/ f
log.push("division-across-newline:" + g)
