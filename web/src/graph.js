// The evaluation graph over the game (SVG) and the score bar's share.
export const scoreBarShare = (cp) => 1 / (1 + Math.exp(-cp / 400)); // sente's share

export function drawGraph(svg, evals, plies, current, onPick) {
  const W = 600, H = 120, n = Math.max(plies, 1);
  const x = (i) => (i / n) * W, y = (cp) => H - scoreBarShare(cp) * H;
  const pts = [];
  for (let i = 0; i <= plies; i++) if (evals[i] !== undefined) pts.push(`${x(i).toFixed(1)},${y(evals[i]).toFixed(1)}`);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.innerHTML =
    `<rect width="${W}" height="${H}" class="bg"/><line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" class="mid"/>` +
    `<polyline points="${pts.join(' ')}" class="eval"/>` +
    `<line x1="${x(current)}" x2="${x(current)}" y1="0" y2="${H}" class="now"/>`;
  svg.onclick = (e) => {
    const r = svg.getBoundingClientRect();
    onPick(Math.round(((e.clientX - r.left) / r.width) * n));
  };
}
