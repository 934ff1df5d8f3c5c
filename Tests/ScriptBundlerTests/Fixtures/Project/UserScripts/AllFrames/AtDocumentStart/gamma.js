#!/usr/bin/env node
const markerGamma = "crlf";
window.__firefox__.record("gamma:" + markerGamma);
