// Package record reads and writes shogi positions and game records in the
// formats other shogi software uses: the KIF board diagram (BOD), KIF and
// KI2 (Kakinoki's formats), the CSA standard file format (V2.2), and reads
// SFEN and USI position commands. It stands above the rules core and knows
// nothing of tsume.
//
// Writers (BOD, KIF, KI2, CSA) take a position and moves and return text;
// they are faithful: the board, both hands and the side to move come out
// exactly as they went in. Readers (ReadKIF, ReadKI2, ReadCSA, ReadSFEN,
// ReadUSI, and ReadAny, which tells the format from the content as Detect
// does) return a *Game: the start position, the moves, the headers;
// ReadRecords returns every record of a file of several (KIF or KI2
// records one after another, CSA records separated by "/", one SFEN a
// line). They accept UTF-8 (with or without a byte order mark) and
// Shift_JIS, LF and CRLF, and the variations real files show; a UTF-8
// text with a bad byte is reported at that byte. Errors are *ParseError
// values that name the line and keep the rules core's error behind them.
// No input makes a reader panic.
//
// docs/formats.md describes each format as written and as read, with its
// sources.
package record
