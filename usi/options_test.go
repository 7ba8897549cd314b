package usi

import (
	"errors"
	"strings"
	"testing"
)

// testOptions declares one option of each type.
var testOptions = []Option{
	{Name: "USI_Hash", Type: Spin, Default: "256", Min: 1, Max: 1024},
	{Name: "Ponder", Type: Check, Default: "false"},
	{Name: "Style", Type: Combo, Default: "normal", Vars: []string{"normal", "as-given", "wild"}},
	{Name: "Greeting", Type: String, Default: ""},
	{Name: "ClearHash", Type: Button},
	{Name: "BookFile", Type: Filename, Default: "book.db"},
}

func TestOptionLines(t *testing.T) {
	want := []string{
		"option name USI_Hash type spin default 256 min 1 max 1024",
		"option name Ponder type check default false",
		"option name Style type combo default normal var normal var as-given var wild",
		"option name Greeting type string default <empty>",
		"option name ClearHash type button",
		"option name BookFile type filename default book.db",
	}
	for i, o := range testOptions {
		if got := o.line(); got != want[i] {
			t.Errorf("line %q, want %q", got, want[i])
		}
	}
}

func TestOptionParse(t *testing.T) {
	for _, c := range []struct {
		opt   int
		in    string
		want  Value
		error string // "" for none
	}{
		{0, "16", Value{Int: 16}, ""},
		{0, "1", Value{Int: 1}, ""},
		{0, "1024", Value{Int: 1024}, ""},
		{0, "0", Value{}, `bad value "0": want an integer from 1 to 1024`},
		{0, "1025", Value{}, `bad value "1025": want an integer from 1 to 1024`},
		{0, "lots", Value{}, `bad value "lots": want an integer from 1 to 1024`},
		{1, "true", Value{Bool: true}, ""},
		{1, "FALSE", Value{}, ""},
		{1, "yes", Value{}, `bad value "yes": want true or false`},
		{2, "WILD", Value{Text: "wild"}, ""},
		{2, "as-given", Value{Text: "as-given"}, ""},
		{2, "tame", Value{}, `bad value "tame": want normal or as-given or wild`},
		{3, "hello there", Value{Text: "hello there"}, ""},
		{3, "<empty>", Value{}, ""},
		{4, "", Value{}, ""},
		{4, "now", Value{}, `a button takes no value, got "now"`},
		{5, "", Value{}, ""},
	} {
		o := &testOptions[c.opt]
		got, err := o.Parse(c.in)
		if c.error == "" {
			if err != nil || got != c.want {
				t.Errorf("%s = %q: %+v, %v; want %+v", o.Name, c.in, got, err, c.want)
			}
			continue
		}
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Name != o.Name || oe.Msg != c.error {
			t.Errorf("%s = %q: error %v, want %q", o.Name, c.in, err, c.error)
		}
	}
}

func TestOptionDefaultValue(t *testing.T) {
	want := []Value{{Int: 256}, {}, {Text: "normal"}, {}, {}, {Text: "book.db"}}
	for i, o := range testOptions {
		if got := o.DefaultValue(); got != want[i] {
			t.Errorf("%s: default %+v, want %+v", o.Name, got, want[i])
		}
	}
}

func TestOptionDeclarations(t *testing.T) {
	if _, err := newOptionTable(testOptions); err != nil {
		t.Fatal(err)
	}
	if _, err := newOptionTable(nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		decl []Option
		msg  string
	}{
		{[]Option{{Type: Check, Default: "true"}}, "declared without a name"},
		{[]Option{{Name: "Two Words", Type: Check, Default: "true"}}, "a name may not contain spaces"},
		{[]Option{{Name: "X", Default: "1"}}, "unknown type OptionType(0)"},
		{[]Option{{Name: "X", Type: Spin, Default: "5", Min: 10, Max: 1}}, "min 10 above max 1"},
		{[]Option{{Name: "X", Type: Spin, Default: "50", Min: 1, Max: 10}}, `default: bad value "50": want an integer from 1 to 10`},
		{[]Option{{Name: "X", Type: Check}}, `default: bad value "": want true or false`},
		{[]Option{{Name: "X", Type: Combo, Default: "a"}}, "a combo without values"},
		{[]Option{{Name: "X", Type: Combo, Default: "a", Vars: []string{"a", "b c"}}}, `combo value "b c": empty or with spaces`},
		{[]Option{{Name: "X", Type: Combo, Default: "c", Vars: []string{"a", "b"}}}, `default: bad value "c": want a or b`},
		{[]Option{{Name: "X", Type: Button, Default: "x"}}, "a button has no default"},
		{[]Option{{Name: "X", Type: Check, Default: "true"}, {Name: "x", Type: Spin, Default: "1", Max: 2}}, "declared twice"},
	} {
		_, err := newOptionTable(c.decl)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Msg != c.msg {
			t.Errorf("%+v: %v, want %q", c.decl, err, c.msg)
		}
	}
}

func TestOptionTableParse(t *testing.T) {
	tab, err := newOptionTable(testOptions)
	if err != nil {
		t.Fatal(err)
	}
	o, v, err := tab.parse(setOption{name: "usi_hash", value: "64", hasValue: true})
	if err != nil || o != &tab.opts[0] || v.Int != 64 {
		t.Errorf("usi_hash 64: %v %+v %v", o, v, err)
	}
	o, v, err = tab.parse(setOption{name: "ClearHash"})
	if err != nil || o != &tab.opts[4] || v != (Value{}) {
		t.Errorf("ClearHash: %v %+v %v", o, v, err)
	}
	// A standard option the table does not declare: nothing to do.
	if o, _, err := tab.parse(setOption{name: "USI_Ponder", value: "true", hasValue: true}); o != nil || err != nil {
		t.Errorf("USI_Ponder: %v %v", o, err)
	}
	_, _, err = tab.parse(setOption{name: "Frob", value: "1", hasValue: true})
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Name != "Frob" || !strings.HasPrefix(oe.Msg, "unknown option; the options are USI_Hash, Ponder, Style") {
		t.Errorf("Frob: %v", err)
	}
	if _, _, err := tab.parse(setOption{name: "Ponder", value: "maybe", hasValue: true}); err == nil {
		t.Error("Ponder maybe: no error")
	}
	// No value part: only a button may do without.
	for name, msg := range map[string]string{
		"USI_Hash": "no value: want an integer from 1 to 1024",
		"Greeting": "no value: want a text",
		"BookFile": "no value: want a file name",
		"Style":    "no value: want normal or as-given or wild",
	} {
		_, _, err := tab.parse(setOption{name: name})
		if !errors.As(err, &oe) || oe.Name != name || oe.Msg != msg {
			t.Errorf("%s without a value: %v, want %q", name, err, msg)
		}
	}
	// An empty value part: a text may be empty.
	if o, v, err := tab.parse(setOption{name: "Greeting", hasValue: true}); err != nil || o == nil || v != (Value{}) {
		t.Errorf("Greeting empty: %v %+v %v", o, v, err)
	}
}
