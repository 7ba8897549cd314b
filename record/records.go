package record

import (
	"errors"
	"strings"
)

// ReadRecords reads every record of a file in one format, told from the
// content as Detect does: KIF or KI2 records one after another (as tsume
// generate --format kif writes them: a record ends at its まで line, its
// special move such as 詰み or 投了, or its variations, and the next begins
// at its first header, hand or board line), CSA records separated by "/"
// lines, or one SFEN or USI position command a line. Each Game's Line
// says where it begins. An error in any record is the error of the
// whole; a text that holds no record is an error too.
func ReadRecords(data []byte) ([]*Game, error) {
	games, errs := ReadRecordsSkipping(data)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return games, nil
}

// nextJapaneseRecord returns the index of the first line from lines[i] on
// that begins another record after the end of one (a header line, a
// hand, a board diagram, a 手番 line), or len(lines) when none does. The
// variations (変化) of the record ended, and anything else that is not a
// record's beginning, are passed over.
func nextJapaneseRecord(lines []string, i int) int {
	for ; i < len(lines); i++ {
		t := trimSpace(lines[i])
		switch {
		case t == "" || t[0] == '#' || t[0] == '&' || t[0] == '*':
		case strings.HasPrefix(t, "変化"):
		case strings.HasPrefix(t, "+-") || t[0] == '|' || isFileLine(t):
			return i
		case strings.HasPrefix(t, "先手番") || strings.HasPrefix(t, "後手番") || strings.HasPrefix(t, "下手番") || strings.HasPrefix(t, "上手番"):
			return i
		default:
			if _, _, ok := cutHeader(t); ok && !isKIFMoveLine(t) {
				return i
			}
		}
	}
	return len(lines)
}

// ReadRecordsSkipping reads every record of a file as ReadRecords does,
// but a record that cannot be read does not stop the others: its error
// (a *ParseError naming the line) is added to errs and the reading goes
// on at the beginning of the next record (for KIF and KI2 the next header,
// hand or board line after the line at fault; for CSA the line after the
// next "/"; for SFEN and USI the next line). games holds the records read,
// in the order of the file. A text that cannot be decoded, or holds no
// record, gives no games and one error.
func ReadRecordsSkipping(data []byte) (games []*Game, errs []error) {
	s, perr := decode(data)
	if perr != nil {
		_, err := ReadAny(data)
		return nil, []error{err}
	}
	f := detectText(s)
	lines := strings.Split(s, "\n")
	// resume returns the index of the line after the one err names, or
	// of the line after from when it names none.
	resume := func(err error, from int) int {
		var pe *ParseError
		if errors.As(err, &pe) && pe.Line > from {
			return pe.Line
		}
		return from + 1
	}
	switch f {
	case FormatKIF, FormatKI2:
		for i := 0; i < len(lines); {
			g, next, err := readJapaneseAt(lines, i, f)
			if err != nil {
				errs = append(errs, err)
				i = nextJapaneseRecord(lines, resume(err, i))
				continue
			}
			games = append(games, g)
			i = nextJapaneseRecord(lines, next)
		}
	case FormatCSA:
		for i := 0; i < len(lines); {
			g, next, err := readCSAAt(lines, i)
			if err != nil {
				errs = append(errs, err)
				next = len(lines)
				for j := resume(err, i) - 1; j < len(lines); j++ {
					if strings.TrimSpace(lines[j]) == "/" {
						next = j + 1
						break
					}
				}
			} else {
				games = append(games, g)
			}
			i = next
			for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
				i++
			}
		}
	case FormatSFEN, FormatUSI:
		for i, l := range lines {
			t := strings.TrimSpace(l)
			if t == "" || t[0] == '#' {
				continue
			}
			g, err := parseUSILine(l, f, i+1)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			g.Line = i + 1
			games = append(games, g)
		}
	default:
		_, err := ReadAny(data)
		return nil, []error{err}
	}
	if len(games) == 0 && len(errs) == 0 {
		errs = append(errs, errorf(f, 0, "no record in the text"))
	}
	return games, errs
}
