// Random tic-tac-toe playouts with boardgame.io's own headless Simulate and
// RandomBot: the comparison for engine.BenchmarkPlayoutTicTacToe.
//
//   cd bench/boardgameio && npm install && NODE_ENV=production node simulate.js [games]
//
// Prints games per second (after a warm-up), like the Go benchmark's games/s.
// Run as boardgame.io's users run it: NODE_ENV=production (its development
// checks off) and one RandomBot made once and reused for every game, as a
// server keeps its bots (a bot made per game made boardgame.io look about
// 2.5 times slower than it is).
const { Simulate, RandomBot } = require('boardgame.io/ai');
const { InitializeGame } = require('boardgame.io/internal');
const { INVALID_MOVE } = require('boardgame.io/core');

const lines = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

// boardgame.io's tutorial tic-tac-toe, with the ai.enumerate bots need.
const TicTacToe = {
  name: 'tictactoe',
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id) => {
      if (G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }) => {
    for (const [a, b, c] of lines) {
      if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) {
        return { winner: ctx.currentPlayer };
      }
    }
    if (G.cells.every((c) => c !== null)) return { draw: true };
  },
  ai: {
    enumerate: (G) => {
      const moves = [];
      for (let i = 0; i < 9; i++) {
        if (G.cells[i] === null) moves.push({ move: 'clickCell', args: [i] });
      }
      return moves;
    },
  },
};

// The one bot, made once: its seeded source goes on from game to game.
const bot = new RandomBot({ game: TicTacToe, enumerate: TicTacToe.ai.enumerate, seed: 'seed' });

async function playouts(n) {
  let results = { '0': 0, '1': 0, draw: 0 };
  for (let i = 0; i < n; i++) {
    const state = InitializeGame({ game: TicTacToe, numPlayers: 2 });
    const { state: end } = await Simulate({ game: TicTacToe, bots: bot, state });
    const go = end.ctx.gameover;
    if (go && go.draw) results.draw++;
    else if (go) results[go.winner]++;
  }
  return results;
}

async function main() {
  const n = Number(process.argv[2] || 5000);
  await playouts(Math.min(500, n)); // warm-up
  const t0 = process.hrtime.bigint();
  const results = await playouts(n);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  if (process.env.NODE_ENV !== 'production') console.error('simulate.js: NODE_ENV is not production: boardgame.io runs its development checks');
  console.log(`boardgame.io ${require('boardgame.io/package.json').version}: ${n} games in ${secs.toFixed(2)}s = ${(n / secs).toFixed(0)} games/s`);
  console.log(`wins: first ${results['0']}, second ${results['1']}, draws ${results.draw}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
