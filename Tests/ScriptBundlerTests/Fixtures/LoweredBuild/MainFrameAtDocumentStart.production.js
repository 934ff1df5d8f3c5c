(()=>{"use strict"
function t(d,a){if(a!=null){a=Object(a);for(var e=Reflect.ownKeys(a),b=0;b<e.length;b++){var c=e[b],f=Object.getOwnPropertyDescriptor(a,c);f&&f.enumerable&&x(d,c,a[c])}}return d}function u(a,b){return Object.defineProperties(a,Object.getOwnPropertyDescriptors(b))}function w(a,b){var f={};if(a==null)throw TypeError("Cannot destructure "+a);a=Object(a);for(var c=0;c<b.length;c++)typeof b[c]!="symbol"&&(b[c]=String(b[c]));for(var g=Reflect.ownKeys(a),e=0;e<g.length;e++){var d=g[e],h=Object.getOwnPropertyDescriptor(a,d);b.indexOf(d)<0&&h&&h.enumerable&&x(f,d,a[d])}return f}function x(a,b,c){Object.defineProperty(a,b,{value:c,writable:!0,enumerable:!0,configurable:!0})}
let v=a=>{var b,c;return(c=(b=a==null?void 0:a.a)==null?void 0:b.b)==null?void 0:c.c};function y(a){var b,c;return(c=(b=a.m)==null?void 0:b.call(a,2))!=null?c:"no m"}
function z(b,c){let a=u(t(t({},b),c),{extra:1}),{drop:d}=a,e=w(a,["drop"]);return Object.keys(e).sort().join(",")+" "+d}
__log.push(v({a:{b:{c:3}}}),y({}),z({a:1},{b:2}));})();
//# sourceMappingURL=MainFrameAtDocumentStart.js.map
