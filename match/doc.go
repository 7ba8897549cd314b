// Package match plays USI engines against each other without a GUI and
// referees their games with the rules core.
//
// An Engine is a USI engine run as a subprocess: Start runs the command,
// waits for usiok, sends the options and waits for readyok, each wait
// bounded by a timeout; Go sends a position and a go command and reads
// the bestmove with the clock running. An engine that does not answer
// in time, exits (its output ends) or prints what is not USI is reported
// as an *EngineError, never waited on for ever.
//
// PlayGame referees one game between two engines: a move that is not
// legal, a loss on time, a resignation, a side without a legal move
// (checkmate), the fourfold repetition (千日手, a draw unless one side gave
// check with every move of the cycle: that side loses), a declaration
// by entering king (入玉宣言, bestmove win: shogi.Position.CanDeclare
// judges it) and a ply limit (a draw). Run plays a match: each opening
// twice with the colours swapped, every game written as KIF and CSA, and
// the score summed up with its Elo difference (see Stats).
package match
