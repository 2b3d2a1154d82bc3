/* Tabellone desk: keyboard result entry and the hall screen (no other script). */
(function () {
  "use strict";
  var PATTERN = /^\s*(\d+)\s*(?:\s|(?=[=+-]))\s*(--|1|0|=|\+|-)\s*$/;

  function quickEntry() {
    var form = document.getElementById("quick-form");
    var input = document.getElementById("quick");
    if (!form || !input) return;
    var status = document.getElementById("quick-status");
    input.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter") return;
      ev.preventDefault();
      var m = PATTERN.exec(input.value);
      if (!m) {
        status.textContent = "type the board number, then 1, 0, =, +, - or -- (e.g. 12 1 or 7=)";
        return;
      }
      var row = document.getElementById("b" + m[1]);
      if (!row) {
        status.textContent = "no board " + m[1] + " in this round";
        return;
      }
      htmx.ajax("POST", form.dataset.url + m[1], {
        target: row, swap: "outerHTML",
        values: { result: m[2], version: row.dataset.version }
      }).then(function () {
        var now = document.getElementById("b" + m[1]);
        var res = now ? now.querySelector("td.result").textContent.trim() : "";
        status.textContent = now && now.classList.contains("conflict")
          ? "board " + m[1] + ": changed by another device, not saved"
          : "board " + m[1] + ": " + res;
        var left = document.querySelectorAll("#grid tbody tr:not(.done)").length;
        var missing = document.getElementById("missing");
        if (missing) missing.textContent = left + " of " + document.querySelectorAll("#grid tbody tr").length + " boards without a result";
      });
      input.value = "";
    });
  }

  function hall() {
    var body = document.body;
    if (!body.classList.contains("hall")) return;
    var box = document.getElementById("hall");
    var shown = 0;
    function refresh() {
      fetch(body.dataset.content, { cache: "no-store" })
        .then(function (r) { return r.text(); })
        .then(function (html) { box.innerHTML = html; box.dataset.refreshes = String(Number(box.dataset.refreshes || 0) + 1); show(); });
    }
    function show() {
      var pages = box.querySelectorAll(".hall-page");
      if (!pages.length) return;
      shown = shown % pages.length;
      pages.forEach(function (p, k) { p.classList.toggle("shown", k === shown); });
    }
    setInterval(function () { shown += 1; show(); }, 12000);
    setInterval(function () {
      var c = document.getElementById("hall-clock");
      if (c) c.textContent = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    }, 1000);
    refresh();
    if (window.EventSource) {
      var source = new EventSource(body.dataset.stream);
      source.addEventListener("change", refresh);
    } else {
      setInterval(refresh, 15000);
    }
  }

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.classList && t.classList.contains("avail")) t.classList.toggle("bye", t.value !== "");
  });

  document.addEventListener("DOMContentLoaded", function () { quickEntry(); hall(); });
})();
