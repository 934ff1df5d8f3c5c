(()=>{"use strict"
let a=[];window.__firefox__={events:a,record(b){a.push(String(b))}};window.__firefox__.record("firefox")})();(()=>{"use strict";window.__firefox__.record("alpha:"+"alpha-own");window.__firefox__.record("strictThis:"+function(){return this===void 0}());let a=`first line ${/[/]\d+/g.test("/12")?10/2/1:0}
second line ${`nested ${{inner:1}.inner}`}
third line`;window.__firefox__.record("template:"+a.split(`
`).length)})();(()=>{const events=42;sloppyGlobal="made by a sloppy assignment";with({w:1})window.__firefox__.record("with:"+w);window.__firefox__.record("beta:"+events);window.__firefox__.record("sloppyThis:"+function(){return this===undefined}());window.__firefox__.record("token:"+APP_ID_TOKEN);window.__firefox__.record("isolated:"+typeof alphaHelper);const markerBeta=1})();(()=>{window.__firefox__.record("gamma:"+"crlf")})();
//# sourceMappingURL=AllFramesAtDocumentStart.js.map
