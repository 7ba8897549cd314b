// Package selfplay plays games of tsume's engine against itself in the
// same process, a source of game records that needs nothing downloaded:
// a miner turns their mates into game-like problems (docs/selfplay.md).
//
// Play plays Config.Games games from varied openings — lines of a small
// book of castles (美濃, 矢倉, 穴熊, 舟囲い; Book), each followed by a few
// plies chosen at random among the search's best moves (a softmax over
// the root scores of a MultiPV search, from a generator seeded by the
// seed and the game's index) — with a number of nodes a move, and
// referees them with package referee: checkmate, 千日手, 連続王手の千日手,
// 入玉宣言 and a ply limit. Nobody resigns by default: a game is played to
// its mate, which is what the miner looks for; with Config.ResignPlies
// the loser resigns once the winner's mate search has proven a mate that
// short, so that a record ends where its mate starts, as players'
// records do.
//
// Games are deterministic: the same Config gives the same games on any
// machine and with any number of workers, because every limit is a
// number of nodes (a time limit would depend on the machine's load), each
// game starts with both searchers emptied, and its random choices come
// from its own generator. They are yielded in the order of their index as
// *record.Game values with their headers, which record's writers write
// and the miner reads.
package selfplay
