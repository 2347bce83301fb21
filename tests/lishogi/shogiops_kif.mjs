// Writes Chu Shogi game records in KIF as lishogi's client (the analysis board's "KIF" export)
// writes them: every move's text, the start header and the diagram come from the shogiops
// package (makeKifMoveOrDrop, makeKifHeader); the lines around them (move numbers padded to the
// game's length with "手目", clock times, "* " comments, "変化：N手" variations) are laid out the
// way lishogi's client lays them out around shogiops (ui/analyse's KIF export, which is not part
// of the npm package). Every move is checked legal by shogiops before it is written.
//
//   node shogiops_kif.mjs <output directory>
//
// writes shogiops-lion-on-last-square.kif and shogiops-setup-gote.kif.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeKifHeader, makeKifMoveOrDrop } from 'shogiops/notation/kif';
import { makeSfen, parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';
import { Chushogi } from 'shogiops/variant/chushogi';

const two = n => String(n).padStart(2, '0');
// "(mm:ss/hh:mm:ss)": this move's time and the mover's total so far.
const clock = (spent, total) =>
  `   (${two(Math.floor(spent / 60))}:${two(spent % 60)}/${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)})`;

// A line of play: [{usi, secs, comments, variations: [line, ...]}], played from pos.
function moveLines(startPos, line, firstPly, main) {
  const pos = startPos.clone();
  const out = [];
  // The client pads numbers to the length of the line's node list: the main line's holds the
  // root too.
  const width = String(line.length + (main ? 1 : 0)).length + 1;
  const totals = [0, 0];
  let lastDest;
  line.forEach((m, i) => {
    const ply = firstPly + i;
    const md = parseUsi(m.usi);
    if (!md || !pos.isLegal(md)) throw new Error(`not legal at ply ${ply}: ${m.usi}`);
    const text = makeKifMoveOrDrop(pos, md, lastDest);
    if (!text) throw new Error(`shogiops wrote nothing for ${m.usi}`);
    const number = String(ply).padStart(width, ' ') + ' 手目';
    const time = m.secs === undefined ? '' : clock(m.secs, (totals[ply % 2] += m.secs));
    if (text.includes('\n')) {
      const [first, second] = text.split('\n');
      out.push(number + first, number + second + time);
    } else {
      out.push(`${number} ${text}${time}`);
    }
    for (const c of m.comments ?? []) out.push('* ' + c);
    lastDest = md.to;
    pos.play(md);
  });
  // Variations after the line, the last move's first, each from the position before its move.
  for (let i = line.length - 1; i >= 0; --i) {
    for (const v of line[i].variations ?? []) {
      // The client starts a variation from the SFEN of its position, which remembers no last
      // move: its first move is never written 仝.
      const before = startPos.clone();
      for (let k = 0; k < i; ++k) before.play(parseUsi(line[k].usi));
      const at = parseSfen('chushogi', makeSfen(before), false).unwrap();
      out.push('\n変化：' + (firstPly + i) + '手');
      out.push(...moveLines(at, v, firstPly + i, false));
    }
  }
  return out;
}

function record(pos, tags, line) {
  return [
    ...tags,
    makeKifHeader(pos),
    '先手：' + (tags.sente ?? 'alice'),
    '後手：' + (tags.gote ?? 'bob'),
    '手数----指手---------消費時間--',
    moveLines(pos, line, 1, true).join('\n'),
  ]
    .filter(l => l.length)
    .join('\n');
}

const out = process.argv[2] ?? '.';

// Move 5: the Lion takes the go-between on 9五 and then the pawn that has just come to 8五:
// shogiops writes 仝 on both lines ("一歩目 仝獅子 （←8六）", "二歩目 仝獅子 （←9五）").
// Move 7: the first step lands on the last move's square (9五), the second goes on to 9六:
// the first line names 9五 in full. Move 8: a pass (じっと); move 10: igui (居食い), the
// Lion takes the Lion next to it.
const game = [
  { usi: '7j7h', secs: 3 },
  { usi: '6c6e', secs: 5 },
  { usi: '7h8f', secs: 2, comments: ['the Lion heads for the go-between'] },
  { usi: '8d8e', secs: 7 },
  {
    usi: '8f9e8e', secs: 4, comments: ['Good move', 'two captures, the second on the last move\'s square'],
    variations: [[{ usi: '8f8e', secs: 6 }, { usi: '9e9f', secs: 1 }]],
  },
  { usi: '9d9e', secs: 6 },
  { usi: '8e9e9f', secs: 3, variations: [[{ usi: '8e9e', secs: 2, comments: ['simpler'] }]] },
  { usi: '6e6f6e', secs: 9 },
  { usi: '9f7f', secs: 1, comments: ['Blunder'] },
  { usi: '6e7f6e', secs: 2 },
  { usi: '7i7h', secs: 3 },
];
writeFileSync(
  join(out, 'shogiops-lion-on-last-square.kif'),
  record(Chushogi.default(), ['開始日時：2026/11/30 21:15:07', '棋戦：Casual Chushogi game', '場所：https://lishogi.org/AbCdEf12'], game) + '\n'
);

// A set-up position with the second player to move: the diagram and 後手番 from makeKifHeader.
const setup = parseSfen('chushogi', '5k6/12/6n5/3ppp6/9P2/5N6/4+R7/12/6+P5/12/5G6/5K6 w - 2', false).unwrap();
const setupGame = [
  { usi: '8d8e' },
  { usi: '7f8e7d' },
  { usi: '6c7d' },
  { usi: '3e3d+' },
  { usi: '7d7e7d' },
];
writeFileSync(join(out, 'shogiops-setup-gote.kif'), record(setup, [], setupGame) + '\n');
