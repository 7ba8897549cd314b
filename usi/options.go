package usi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// OptionType is the type of an engine option, as the usi command
// declares it.
type OptionType int

// The option types of the protocol.
const (
	Check    OptionType = iota + 1 // true or false
	Spin                           // an integer from Min to Max
	Combo                          // one of Vars
	String                         // any text
	Button                         // no value: setoption presses it
	Filename                       // a file name, any text
)

var optionTypeNames = [...]string{Check: "check", Spin: "spin", Combo: "combo", String: "string", Button: "button", Filename: "filename"}

// String returns the type as the protocol writes it: "check", "spin", …
func (t OptionType) String() string {
	if t < Check || t > Filename {
		return fmt.Sprintf("OptionType(%d)", int(t))
	}
	return optionTypeNames[t]
}

// Option declares one engine option: its name, type, default and, for a
// spin, its range, for a combo, its values. The declaration is all there
// is: the usi answer is written from it and setoption is checked against
// it.
type Option struct {
	Name string // no spaces; matched without regard to case
	Type OptionType
	// Default is the value as the usi answer writes it: "true" or
	// "false" for a check, an integer for a spin, one of Vars for a
	// combo, any text for a string or filename ("" is written <empty>),
	// nothing for a button.
	Default  string
	Min, Max int64    // the range of a spin
	Vars     []string // the values of a combo
}

// Value is the value of a setoption, converted to the option's type:
// Bool for a check, Int for a spin, Text for a combo (spelt as in Vars),
// a string or a filename; nothing for a button.
type Value struct {
	Bool bool
	Int  int64
	Text string
}

// An OptionError reports a setoption that cannot be applied, or an
// option declared wrongly: the option's name as given and what is wrong.
type OptionError struct {
	Name string
	Msg  string
}

func (e *OptionError) Error() string {
	return "usi: option " + e.Name + ": " + e.Msg
}

// Parse converts the value of a setoption to the option's type, or
// returns an *OptionError that says what the option wants. A button
// takes no value: s must be empty.
func (o *Option) Parse(s string) (Value, error) {
	bad := func(format string, args ...any) (Value, error) {
		return Value{}, &OptionError{Name: o.Name, Msg: fmt.Sprintf(format, args...)}
	}
	if o.Type == Button {
		if s != "" {
			return bad("a button takes no value, got %q", s)
		}
		return Value{}, nil
	}
	switch o.Type {
	case Check:
		switch strings.ToLower(s) {
		case "true":
			return Value{Bool: true}, nil
		case "false":
			return Value{}, nil
		}
	case Spin:
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n >= o.Min && n <= o.Max {
			return Value{Int: n}, nil
		}
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(s, v) {
				return Value{Text: v}, nil
			}
		}
	case String, Filename:
		if s == "<empty>" {
			s = ""
		}
		return Value{Text: s}, nil
	default:
		return bad("unknown type %v", o.Type)
	}
	return bad("bad value %q: want %s", s, o.want())
}

// want describes the values the option takes.
func (o *Option) want() string {
	switch o.Type {
	case Check:
		return "true or false"
	case Spin:
		return fmt.Sprintf("an integer from %d to %d", o.Min, o.Max)
	case Combo:
		return strings.Join(o.Vars, " or ")
	case Filename:
		return "a file name"
	}
	return "a text"
}

// DefaultValue returns Default converted to the option's type, the
// value the option has before any setoption. For a declaration Serve
// would refuse it is the zero Value.
func (o *Option) DefaultValue() Value {
	v, err := o.Parse(o.Default)
	if err != nil {
		return Value{}
	}
	return v
}

// check reports what is wrong with the declaration, if anything.
func (o *Option) check() error {
	bad := func(msg string) error { return &OptionError{Name: o.Name, Msg: msg} }
	switch {
	case o.Name == "":
		return bad("declared without a name")
	case strings.ContainsAny(o.Name, " \t\r\n"):
		return bad("a name may not contain spaces")
	case o.Type < Check || o.Type > Filename:
		return bad(fmt.Sprintf("unknown type %v", o.Type))
	case o.Type == Spin && o.Min > o.Max:
		return bad(fmt.Sprintf("min %d above max %d", o.Min, o.Max))
	case o.Type == Combo && len(o.Vars) == 0:
		return bad("a combo without values")
	case o.Type == Button && o.Default != "":
		return bad("a button has no default")
	}
	for _, v := range o.Vars {
		if v == "" || strings.ContainsAny(v, " \t\r\n") {
			return bad(fmt.Sprintf("combo value %q: empty or with spaces", v))
		}
	}
	if o.Type != Button {
		if _, err := o.Parse(o.Default); err != nil {
			var oe *OptionError
			if errors.As(err, &oe) {
				return bad("default: " + oe.Msg)
			}
			return err
		}
	}
	return nil
}

// line returns the option's line of the usi answer.
func (o *Option) line() string {
	var b strings.Builder
	b.WriteString("option name " + o.Name + " type " + o.Type.String())
	switch o.Type {
	case Button:
		return b.String()
	case String, Filename:
		d := o.Default
		if d == "" {
			d = "<empty>"
		}
		b.WriteString(" default " + d)
	default:
		b.WriteString(" default " + o.Default)
	}
	switch o.Type {
	case Spin:
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	case Combo:
		for _, v := range o.Vars {
			b.WriteString(" var " + v)
		}
	}
	return b.String()
}

// optionTable is a handler's options, checked once.
type optionTable struct {
	opts []Option
}

// newOptionTable checks the declarations: each valid, no name twice.
func newOptionTable(decl []Option) (*optionTable, error) {
	t := &optionTable{opts: append([]Option(nil), decl...)}
	for i := range t.opts {
		o := &t.opts[i]
		if err := o.check(); err != nil {
			return nil, err
		}
		for _, p := range t.opts[:i] {
			if strings.EqualFold(p.Name, o.Name) {
				return nil, &OptionError{Name: o.Name, Msg: "declared twice"}
			}
		}
	}
	return t, nil
}

// lookup returns the option called name, without regard to case.
func (t *optionTable) lookup(name string) *Option {
	for i := range t.opts {
		if strings.EqualFold(t.opts[i].Name, name) {
			return &t.opts[i]
		}
	}
	return nil
}

// parse checks a setoption against the table and returns the option and
// its new value. A standard USI_ option the handler does not declare
// (USI_Ponder, USI_OwnBook, …, which GUIs send to every engine) gives a
// nil option and no error: there is nothing to set.
func (t *optionTable) parse(so setOption) (*Option, Value, error) {
	o := t.lookup(so.name)
	if o == nil {
		if len(so.name) > 4 && strings.EqualFold(so.name[:4], "USI_") {
			return nil, Value{}, nil
		}
		names := make([]string, len(t.opts))
		for i, o := range t.opts {
			names[i] = o.Name
		}
		msg := "unknown option"
		if len(names) > 0 {
			msg += "; the options are " + strings.Join(names, ", ")
		}
		return nil, Value{}, &OptionError{Name: so.name, Msg: msg}
	}
	if !so.hasValue && o.Type != Button {
		return nil, Value{}, &OptionError{Name: o.Name, Msg: "no value: want " + o.want()}
	}
	v, err := o.Parse(so.value)
	return o, v, err
}
