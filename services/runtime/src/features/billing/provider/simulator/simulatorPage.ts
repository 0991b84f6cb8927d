/**
 * The simulator's page: its charges, newest first, with the buttons a tester needs. Plain HTML and one small script
 * served from the same place (the console's security policy allows scripts from 'self' only, never inline ones).
 */
export function simulatorPage(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pix simulator</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 1.5rem; color: #1c2127; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #dce0e5; vertical-align: top; }
  td.code { font-family: monospace; font-size: 11px; word-break: break-all; max-width: 28rem; }
  button { margin: 0 .3rem .3rem 0; }
  .CONCLUIDA { color: #1c6e42; font-weight: 600; }
  #result { margin-top: 1rem; font-family: monospace; white-space: pre-wrap; }
</style>
</head>
<body>
<h1>Pix simulator</h1>
<p>Charges created by checkout outside production. "Pay" sends our webhook a signed notification, as the payer's bank
and the provider would; "Pay twice" repeats it; "Pay a wrong amount" pays less than the charge; "Shuffled" sends three
distinct payments out of order.</p>
<table>
  <thead><tr><th>Charge</th><th>Value</th><th>Status</th><th>Copia e cola</th><th></th></tr></thead>
  <tbody id="charges"><tr><td colspan="5">Loading…</td></tr></tbody>
</table>
<div id="result" role="status"></div>
<script src="${base}/page.js"></script>
</body>
</html>
`;
}

/** The page's script: lists the charges and posts to the pay endpoint. */
export const simulatorScript = `'use strict';
(function () {
  var base = document.currentScript.src.replace(/\\/page\\.js$/, '');
  var rows = document.getElementById('charges');
  var result = document.getElementById('result');
  function cell(text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }
  function wrong(value) {
    var cents = Math.round(Number(value) * 100);
    return (Math.max(1, Math.floor(cents / 2)) / 100).toFixed(2);
  }
  function pay(txid, body) {
    result.textContent = 'Paying ' + txid + '…';
    fetch(base + '/charges/' + encodeURIComponent(txid) + '/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
      .then(function (r) { return r.json(); })
      .then(function (answer) { result.textContent = JSON.stringify(answer, null, 2); load(); })
      .catch(function (e) { result.textContent = String(e); });
  }
  function button(label, onClick) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  }
  function load() {
    fetch(base + '/charges').then(function (r) { return r.json(); }).then(function (list) {
      rows.textContent = '';
      if (list.length === 0) {
        var tr = document.createElement('tr');
        var td = cell('No charges yet: check out an invoice in the console.');
        td.colSpan = 5;
        tr.appendChild(td);
        rows.appendChild(tr);
      }
      list.forEach(function (c) {
        var tr = document.createElement('tr');
        tr.appendChild(cell(c.description + ' (invoice ' + c.invoiceId + ', company ' + c.companyId + ') ' + c.txid));
        tr.appendChild(cell('R$ ' + c.value));
        tr.appendChild(cell(c.status + (c.pix.length ? ' · ' + c.pix.length + ' payment(s)' : ''), c.status));
        tr.appendChild(cell(c.brCode, 'code'));
        var actions = document.createElement('td');
        actions.appendChild(button('Pay', function () { pay(c.txid, {}); }));
        actions.appendChild(button('Pay twice', function () { pay(c.txid, { times: 2 }); }));
        actions.appendChild(button('Pay a wrong amount', function () { pay(c.txid, { amount: wrong(c.value) }); }));
        actions.appendChild(button('Shuffled', function () { pay(c.txid, { times: 3, order: 'shuffled' }); }));
        tr.appendChild(actions);
        rows.appendChild(tr);
      });
    });
  }
  load();
})();
`;
