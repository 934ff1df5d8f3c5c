"use strict";
// Tokens that would merge without a space, regular expressions and division side by side.
const log = window.log;
let a = 5, b = 3;
log.push("plus-plus:" + (a + +b) + "," + (a - -b) + "," + (a - --b) + "," + (a + ++b) + "," + (a++ + b) + "," + (a-- - b));
log.push("html-comments:" + (a < !--b) + "," + (a-- > b));
log.push("number-members:" + 1 .toString() + 1.5.toFixed(1) + .5.toFixed(2) + 0x10.toString() + (a ? .5 : 1));
const re = /=/g, ratio = 10 / 2 / 1, sloppyRegex = "a=b=c".replace(/=/g, "-");
log.push("regex:" + re.source + ratio + sloppyRegex + (4 / /2/.source.length) + /[/]\d+/g.test("/12"));
if (true) /after-if/.test("after-if") && log.push("regex-after-if");
const division = a / 2 /* comment */ / 1;
log.push("division:" + division + "," + ("x" in { x: 1 }) + "," + (log instanceof Object) + "," + typeof void 0);
log.push("strings://" + "/* not a comment */" + '\'' + "\u2028");
const tagged = ((strings, ...values) => strings.raw.join("|") + values.join(","));
log.push("templates:" + tagged`a${1}b${`nested ${2}`}c` + `multi
line ${a}
end`);
var \u0061bc = "escaped-identifier";
log.push("escapes:" + abc);
const big = 123n, sep = 1_000;
log.push("numbers:" + (big + 1n) + "," + sep + "," + 0b11 + "," + 0o7 + "," + 1e3);
log.push("optional:" + (log?.length > 0) + (log?.["length"] > 0) + (null ?? "default"));
