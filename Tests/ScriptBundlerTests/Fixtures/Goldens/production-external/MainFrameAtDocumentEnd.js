
(function(){var d=[],b=[];function e(k,l,m,n){d[k]=[l,m,n]}
function c(l){var k=new Error("Cannot find module '"+l+"'");k.code="MODULE_NOT_FOUND";return k}
function a(m){var k=b[m];if(k)return k.isES?k.namespace:k.module.exports;var l=d[m];k=b[m]={isES:l[0],namespace:null,module:{exports:{}}};var n=l[1];var o=function(p){if(!Object.prototype.hasOwnProperty.call(n,p))throw c(p);return a(n[p])};if(k.isES){k.namespace=Object.create(null);Object.defineProperty(k.namespace,Symbol.toStringTag,{value:"Module"});Object.defineProperty(k.namespace,"__esModule",{value:true});l[2].call(undefined,k.namespace,o,globalThis);return k.namespace}
l[2].call(k.module.exports,k.module,k.module.exports,o,globalThis);return k.module.exports}
function g(m,k){for(var l in k)Object.defineProperty(m,l,{enumerable:true,get:k[l]})}
function f(n){var k=a(n),l=b[n];if(l.isES)return k;if(l.interop)return l.interop;var m=l.interop=Object.create(null);var o=k!=null&&k.__esModule;Object.defineProperty(m,"default",{enumerable:true,get:function(){return o?l.module.exports.default:l.module.exports}});if(k!=null&&(typeof k==="object"||typeof k==="function")){Object.keys(k).forEach(function(p){if(p!=="default")Object.defineProperty(m,p,{enumerable:true,get:function(){return l.module.exports[p]}})})}
return m}
function h(k,l){Object.keys(l).forEach(function(m){if(m!=="default"&&!(m in k))Object.defineProperty(k,m,{enumerable:true,get:function(){return l[m]}})})}
function i(k){return Promise.resolve().then(function(){return f(k)})}
function j(k){var l=function(m){if(!Object.prototype.hasOwnProperty.call(k,m))throw c(m);return a(k[m])};l.keys=function(){return Object.keys(k)};l.resolve=function(m){if(!Object.prototype.hasOwnProperty.call(k,m))throw c(m);return k[m]};return l}
e(0,1,{},function(k,l,m){"use strict";window.__firefox__.record("mjs")});a(0);(function(){const k="😀😀";const l=k.length;window.__firefox__.record("unicode:"+l)}).call(this)}).call(this);
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
