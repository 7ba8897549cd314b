package match

import (
	"errors"
	"strings"
)

// SplitCommand splits an engine command line into words the way a shell
// does for simple quoting: words are separated by blanks; text in single
// quotes is taken as it is; in double quotes a backslash escapes a
// double quote or a backslash; outside quotes a backslash escapes the
// next character. It does not expand variables, globs or ~. An empty
// command or an unterminated quote is an error.
func SplitCommand(s string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' in the command")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New(`unterminated " in the command`)
			}
			inWord = true
		case c == '\\':
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty engine command")
	}
	return words, nil
}
