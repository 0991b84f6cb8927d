/** A progress line on stderr: a bar when the total is known, a running count when it is not. */
export function progressReporter(label: string, total: number | undefined, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastDraw = 0;
  const draw = (done: number, final = false) => {
    const now = Date.now();
    if (!final && now - lastDraw < (stream.isTTY ? 100 : 2000)) return;
    lastDraw = now;
    const rate = Math.round(done / Math.max((now - started) / 1000, 0.001));
    const counts = `${done.toLocaleString('en')}${total ? `/${total.toLocaleString('en')}` : ''} events, ${rate.toLocaleString('en')}/s`;
    let line = `${label} ${counts}`;
    if (total) {
      const share = Math.min(done / total, 1);
      const width = 30;
      const filled = Math.round(share * width);
      line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${counts}`;
    }
    if (stream.isTTY) stream.write(`\r${line}${final ? '\n' : ''}`);
    else stream.write(`${line}\n`);
  };
  return { update: (done: number) => draw(done), finish: (done: number) => draw(done, true) };
}
