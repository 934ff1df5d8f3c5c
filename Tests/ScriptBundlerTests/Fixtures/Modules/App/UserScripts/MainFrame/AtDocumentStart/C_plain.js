const events = "plain";
__log.push("C " + events + " " + typeof window.document);
