window.__firefox__.record("webcompat");
