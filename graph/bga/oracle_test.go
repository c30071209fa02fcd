package bga

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
	"github.com/rulestudio/studio/internal/testenv"
)

// The importer's oracle: PHP itself (testdata/oracle.php) evaluates each corpus
// file and dumps $machinestates; TestOracle compares the importer's model with
// it field by field. Independent of the importer's lexer and evaluator: PHP
// decides precedence, array union, duplicate keys, key normalisation,
// concatenation and what define() does.

// oracleOut is what testdata/oracle.php prints for one file.
type oracleOut struct {
	States    any      `json:"states"`
	Constants [][2]any `json:"constants"` // name, value: what the file define()d, in order
	Stubbed   []string `json:"stubbed"`   // constants no file defines, stubbed as their names
	Required  []string `json:"required"`  // files the file included, read as empty
	Error     string   `json:"error"`
}

// runOracle evaluates every file with php, a few processes at a time (one
// php start-up costs ~15 ms; the corpus takes a second or two).
func runOracle(t *testing.T, php string, files []string) []oracleOut {
	t.Helper()
	out := make([]oracleOut, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i] = oracle(php, files[i])
			}
		}()
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

func oracle(php, file string) oracleOut {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(php, "-d", "memory_limit=256M", filepath.Join("testdata", "oracle.php"), file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var o oracleOut
	dec := json.NewDecoder(&stdout)
	dec.UseNumber()
	if err := dec.Decode(&o); err != nil {
		return oracleOut{Error: fmt.Sprintf("php: %v; output not JSON (%v): %s", runErr, err, stderr.String())}
	}
	if o.Error == "" && runErr != nil {
		o.Error = fmt.Sprintf("php: %v: %s", runErr, stderr.String())
	}
	return o
}

// phpPair is one key => value entry of a PHP array, in PHP's order.
type phpPair struct{ key, val any }

// phpArray returns the entries of an encoded PHP array.
func phpArray(v any) ([]phpPair, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	raw, ok := m["array"].([]any)
	if !ok {
		return nil, false
	}
	out := make([]phpPair, 0, len(raw))
	for _, r := range raw {
		kv := r.([]any)
		out = append(out, phpPair{kv[0], kv[1]})
	}
	return out, true
}

// phpText is the string PHP would make of a scalar ((string) $v), and false
// for arrays, enum cases and objects.
func phpText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		if x {
			return "1", true
		}
		return "", true
	}
	return "", false
}

// phpTruth is PHP's truthiness of a scalar.
func phpTruth(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case json.Number:
		return x.String() != "0"
	case string:
		return x != "" && x != "0"
	}
	return v != nil
}

// cmp compares one file's model with PHP's $machinestates.
type cmp struct {
	p      *graph.Pack
	diffs  []string
	allows map[string]int // allowance name -> times used
}

func (c *cmp) diff(format string, args ...any) {
	c.diffs = append(c.diffs, fmt.Sprintf(format, args...))
}
func (c *cmp) allow(name string) { c.allows[name]++ }

// symbolic reports whether the importer keeps s as code (Pack.Symbolic).
func (c *cmp) symbolic(s string) bool {
	i := sort.SearchStrings(c.p.Symbolic, s)
	return i < len(c.p.Symbolic) && c.p.Symbolic[i] == s
}

// text is the string a model text stands for in PHP: a constant the file
// defines is its value; a constant from an unseen file is its name, as the
// oracle stubs it.
func (c *cmp) text(s string) string {
	if !c.symbolic(s) {
		return s
	}
	if k, ok := c.p.Constants.Lookup(s); ok {
		if t, ok := scalarText(k.Value); ok {
			return t
		}
	}
	if t, ok := c.concat(s); ok {
		return t
	}
	return stubName(s)
}

var qualifiedConst = regexp.MustCompile(`^\\?([A-Za-z_][A-Za-z0-9_]*\\)*[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)?$`)

// stubName is the value the oracle gives a constant no file defines, written
// as name: its name without namespace (PHP reports \Foo\ST_X as ST_X, and
// \Foo\Ids::X is stubbed by a class Ids).
func stubName(name string) string {
	if !qualifiedConst.MatchString(name) {
		return name
	}
	return name[strings.LastIndexByte(name, '\\')+1:]
}

var constName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// concat evaluates a concatenation the importer keeps as code because it
// involves a constant of an unseen file ('act' . CONFIRM_TURN, see
// docs/bga-import.md), with the oracle's rule for such constants (a constant
// is its name), so that it can be compared with what PHP computed.
func (c *cmp) concat(s string) (string, bool) {
	parts := strings.Split(s, " . ")
	if len(parts) < 2 {
		return "", false
	}
	var b strings.Builder
	for _, part := range parts {
		switch {
		case len(part) >= 2 && (part[0] == '\'' || part[0] == '"') && part[len(part)-1] == part[0]:
			b.WriteString(part[1 : len(part)-1])
		case constName.MatchString(part):
			if k, ok := c.p.Constants.Lookup(part); ok {
				t, ok := scalarText(k.Value)
				if !ok {
					return "", false
				}
				b.WriteString(t)
			} else {
				b.WriteString(part)
			}
		default:
			return "", false
		}
	}
	c.allow("concatenation with an unseen constant, kept as code")
	return b.String(), true
}

func scalarText(v graph.Value) (string, bool) {
	switch v.Kind {
	case graph.StringValue, graph.ConstValue:
		return v.Str, true
	case graph.IntValue:
		return fmt.Sprint(v.Int), true
	case graph.NullValue:
		return "", true
	}
	return "", false
}

// id is the PHP value a state id stands for, as text: the number, or the name
// of a constant no file defines (the oracle stubs it as its name).
func (c *cmp) id(id graph.StateID) string {
	if n, ok := c.p.Resolve(id); ok {
		return fmt.Sprint(n)
	}
	if k, ok := c.p.Constants.Lookup(id.Const); ok {
		if t, ok := scalarText(k.Value); ok {
			return t // a constant defined as a string
		}
	}
	return stubName(id.Const)
}

func (c *cmp) sameText(where, model string, php any) {
	t, ok := phpText(php)
	if !ok {
		c.diff("%s: importer %q, PHP %s", where, model, show(php))
		return
	}
	if want := c.text(model); want != t {
		c.diff("%s: importer %q (PHP value %q), PHP %q", where, model, want, t)
	}
}

func (c *cmp) sameID(where string, model graph.StateID, php any) {
	t, ok := phpText(php)
	if got := c.id(model); !ok || got != t {
		c.diff("%s: importer %s (PHP value %q), PHP %s", where, model, got, show(php))
	}
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// state compares one state field by field.
func (c *cmp) state(s *graph.State, key any, php any) {
	at := fmt.Sprintf("state %s", s.ID)
	c.sameID(at+" key", s.ID, key)
	fields, ok := phpArray(php)
	if !ok {
		c.diff("%s: PHP gives %s, not an array", at, show(php))
		return
	}
	seen := map[string]bool{}
	var extra []phpPair
	for _, f := range fields {
		k, _ := phpText(f.key)
		where := at + " " + k
		if !standardKeys[k] {
			extra = append(extra, phpPair{k, f.val})
			continue
		}
		if f.val == nil {
			continue // the importer drops null standard keys; checked as absent below
		}
		seen[k] = true
		switch k {
		case "name":
			c.sameText(where, s.Name, f.val)
		case "description":
			c.sameText(where, s.Description, f.val)
		case "descriptionmyturn":
			c.sameText(where, s.DescriptionMyTurn, f.val)
		case "action":
			c.sameText(where, s.Action.Src, f.val)
		case "args":
			c.sameText(where, s.Args.Src, f.val)
		case "type":
			c.stateType(where, s, f.val)
		case "possibleactions":
			c.possible(where, s.PossibleActions, f.val)
		case "transitions":
			c.transitions(where, s.Transitions, f.val)
		case "updateGameProgression":
			if s.UpdateGameProgression != phpTruth(f.val) {
				c.diff("%s: importer %v, PHP %s", where, s.UpdateGameProgression, show(f.val))
			}
		case "initialprivate":
			if s.InitialPrivate == nil {
				c.diff("%s: importer none, PHP %s", where, show(f.val))
			} else {
				c.sameID(where, *s.InitialPrivate, f.val)
			}
		}
	}
	c.absent(at, seen, s)
	c.extra(at, s.Extra, extra)
}

// absent checks that fields PHP does not have (or has as null) are empty in
// the model.
func (c *cmp) absent(at string, seen map[string]bool, s *graph.State) {
	set := map[string]bool{
		"name": s.Name != "", "description": s.Description != "", "descriptionmyturn": s.DescriptionMyTurn != "",
		"type": s.Type != "", "action": !s.Action.IsZero(), "args": !s.Args.IsZero(),
		"possibleactions": s.PossibleActions != nil, "transitions": s.Transitions != nil,
		"updateGameProgression": s.UpdateGameProgression, "initialprivate": s.InitialPrivate != nil,
	}
	for k, has := range set {
		if has && !seen[k] {
			c.diff("%s %s: the importer has a value, PHP has none", at, k)
		}
	}
}

// stateType: PHP gives the type string, StateType's enum case, or, for a
// constant of an unseen file, the constant's name.
func (c *cmp) stateType(where string, s *graph.State, php any) {
	if m, ok := php.(map[string]any); ok && m["enum"] != nil {
		if string(s.Type) != m["value"] || stubName(s.TypeConst) != m["enum"] {
			c.diff("%s: importer %s (%s), PHP %s", where, s.Type, s.TypeConst, show(php))
		}
		return
	}
	t, ok := phpText(php)
	switch {
	case !ok:
		c.diff("%s: importer %s, PHP %s", where, s.Type, show(php))
	case t == string(s.Type):
	case s.TypeConst != "" && t == stubName(s.TypeConst):
		// ACTIVE_PLAYER from a require()d file: PHP knows only the name;
		// the type is bga.WellKnownType's reading of it (import_test.go).
		c.allow("type constant of an unseen file")
	default:
		c.diff("%s: importer %s (%s), PHP %q", where, s.Type, s.TypeConst, t)
	}
}

func (c *cmp) possible(where string, model graph.Names, php any) {
	entries, ok := phpArray(php)
	if !ok {
		c.diff("%s: PHP gives %s, not an array", where, show(php))
		return
	}
	if len(entries) != len(model) {
		c.diff("%s: importer %d entries %q, PHP %d %s", where, len(model), model, len(entries), show(php))
		return
	}
	for i, e := range entries {
		c.sameText(fmt.Sprintf("%s[%d]", where, i), model[i], e.val)
	}
}

func (c *cmp) transitions(where string, model graph.Transitions, php any) {
	entries, ok := phpArray(php)
	if !ok {
		c.diff("%s: PHP gives %s, not an array", where, show(php))
		return
	}
	if len(entries) != len(model) {
		c.diff("%s: importer %d transitions, PHP %d: %s", where, len(model), len(entries), show(php))
		return
	}
	for i, e := range entries {
		c.sameText(fmt.Sprintf("%s[%d] name", where, i), model[i].Name, e.key)
		c.sameID(fmt.Sprintf("%s[%d] %q target", where, i, model[i].Name), model[i].To, e.val)
	}
}

// extra compares the non-standard keys, in order.
func (c *cmp) extra(at string, model graph.Extra, php []phpPair) {
	if len(model) != len(php) {
		var keys []string
		for _, p := range php {
			keys = append(keys, p.key.(string))
		}
		c.diff("%s: importer %d extra keys, PHP %d %q", at, len(model), len(php), keys)
		return
	}
	for i, f := range model {
		if f.Key != php[i].key {
			c.diff("%s: extra key %d: importer %q, PHP %q", at, i, f.Key, php[i].key)
			continue
		}
		if !c.sameValue(f.Value, php[i].val) {
			c.diff("%s %s: importer %s, PHP %s", at, f.Key, f.Value, show(php[i].val))
		}
	}
}

// sameValue compares a graph.Value with PHP's value.
func (c *cmp) sameValue(v graph.Value, php any) bool {
	switch v.Kind {
	case graph.NullValue:
		return php == nil
	case graph.BoolValue:
		b, ok := php.(bool)
		return ok && b == v.Bool
	case graph.IntValue:
		n, ok := php.(json.Number)
		return ok && n.String() == fmt.Sprint(v.Int)
	case graph.FloatValue:
		m, ok := php.(map[string]any)
		if !ok {
			return false
		}
		f, err := m["float"].(json.Number).Float64()
		return err == nil && f == v.Float
	case graph.StringValue:
		s, ok := php.(string)
		return ok && s == v.Str
	case graph.ConstValue:
		if k, ok := c.p.Constants.Lookup(v.Str); ok {
			return c.sameValue(k.Value, php)
		}
		s, ok := php.(string)
		return ok && s == stubName(v.Str) // stubbed as its name
	case graph.ListValue, graph.MapValue:
		entries, ok := phpArray(php)
		if !ok {
			return false
		}
		if v.Kind == graph.ListValue {
			if len(entries) != len(v.List) {
				return false
			}
			for i, e := range entries {
				if n, ok := e.key.(json.Number); !ok || n.String() != fmt.Sprint(i) || !c.sameValue(v.List[i], e.val) {
					return false
				}
			}
			return true
		}
		if len(entries) != len(v.Map) {
			return false
		}
		for i, e := range entries {
			if !c.sameValue(v.Map[i].Key, e.key) || !c.sameValue(v.Map[i].Value, e.val) {
				return false
			}
		}
		return true
	}
	return false
}

// compare returns the differences between the importer's model and PHP's
// $machinestates, counting in allows the allowances it used.
func compare(p *graph.Pack, o oracleOut, allows map[string]int) []string {
	c := &cmp{p: p, allows: allows}
	entries, ok := phpArray(o.States)
	switch {
	case !ok:
		c.diff("$machinestates is %s, not an array", show(o.States))
	case len(entries) != len(p.States):
		c.diff("importer %d states, PHP %d", len(p.States), len(entries))
	default:
		for j, e := range entries {
			c.state(p.States[j], e.key, e.val)
		}
	}
	c.constants(o.Constants)
	return c.diffs
}

// constants compares Pack.Constants with what PHP's define() and const
// defined, in order (PHP names a const of a namespace with the namespace).
func (c *cmp) constants(php [][2]any) {
	if len(php) != len(c.p.Constants) {
		var names []string
		for _, k := range php {
			names = append(names, fmt.Sprint(k[0]))
		}
		c.diff("importer %d constants, PHP %d %q", len(c.p.Constants), len(php), names)
		return
	}
	for i, k := range c.p.Constants {
		name := fmt.Sprint(php[i][0])
		if name != k.Name && !strings.HasSuffix(name, "\\"+k.Name) {
			c.diff("constant %d: importer %s, PHP %s", i, k.Name, name)
		} else if !c.sameValue(k.Value, php[i][1]) {
			c.diff("constant %s: importer %s, PHP %s", k.Name, k.Value, show(php[i][1]))
		}
	}
}

// findPHP returns the php command, or stops the test: a failure under
// RULESTUDIO_STRICT=1 (scripts/test, after scripts/deps installed php-cli),
// a skip otherwise.
func findPHP(t *testing.T) string {
	t.Helper()
	php, err := exec.LookPath("php")
	if err != nil {
		testenv.Unavailable(t, "php is not installed (Debian: php-cli), so the importer's oracle cannot run")
	}
	if out, err := exec.Command(php, "-r", `echo PHP_MAJOR_VERSION >= 8 ? "ok" : "old";`).Output(); err != nil || string(out) != "ok" {
		testenv.Unavailable(t, "php does not run or is older than PHP 8 (%v, %q)", err, out)
	}
	return php
}

// TestOracle runs PHP on every corpus file and compares the importer's model
// with what PHP evaluated. It reports how many files PHP evaluates and how
// many models are equal; any difference not covered by a documented
// allowance fails the test.
func TestOracle(t *testing.T) {
	files := corpus.Files(t)
	php := findPHP(t)
	results := runOracle(t, php, files)
	var evaluated, imported, equal, states, stubbing, including int
	allows := map[string]int{}
	var notEvaluated, refused []string
	for i, path := range files {
		base := filepath.Base(path)
		o := results[i]
		p, ierr := ImportFile(path)
		if o.Error != "" {
			notEvaluated = append(notEvaluated, base+": "+o.Error)
			if ierr == nil {
				t.Errorf("%s: the importer reads it, PHP does not: %s", base, o.Error)
			}
			continue
		}
		evaluated++
		if len(o.Stubbed) > 0 {
			stubbing++
		}
		if len(o.Required) > 0 {
			including++
		}
		if ierr != nil {
			var nd *NotDeclarativeError
			if !errors.As(ierr, &nd) {
				t.Errorf("%s: PHP evaluates it, the importer fails (not as not declarative): %v", base, ierr)
			}
			refused = append(refused, base+": "+ierr.Error())
			continue
		}
		imported++
		diffs := compare(p, o, allows)
		if len(diffs) == 0 {
			equal++
			states += len(p.States)
			continue
		}
		if len(diffs) > 10 {
			diffs = append(diffs[:10], fmt.Sprintf("... and %d more", len(diffs)-10))
		}
		t.Errorf("%s: the importer's model differs from PHP's:\n  %s", base, strings.Join(diffs, "\n  "))
	}
	for _, s := range notEvaluated {
		t.Logf("not evaluated by PHP: %s", s)
	}
	for _, s := range refused {
		t.Logf("evaluated by PHP, refused by the importer: %s", s)
	}
	t.Logf("oracle: %d corpus files, %d evaluated by PHP (%d with constants of unseen files stubbed, %d including files read as empty), %d of those imported, %d equal to PHP's field by field (%d states); allowances used: %v",
		len(files), evaluated, stubbing, including, imported, equal, states, allows)
	if evaluated*100 < len(files)*95 {
		t.Errorf("PHP evaluated only %d of %d files: the oracle's stubs are broken", evaluated, len(files))
	}
}

// TestOracleSnippets runs the constructed snippets of the importer's tests
// (TestImportManyTransitions, TestImportSnippets) through PHP too.
func TestOracleSnippets(t *testing.T) {
	php := findPHP(t)
	dir := t.TempDir()
	var files, names []string
	add := func(name, src string) {
		path := filepath.Join(dir, fmt.Sprintf("snippet%d.php", len(files)))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		files, names = append(files, path), append(names, name)
	}
	for _, c := range manyTransitionSnippets() {
		add(c.name, c.src)
	}
	for _, c := range phpSnippets() {
		add(c.name, c.src)
	}
	results := runOracle(t, php, files)
	allows := map[string]int{}
	for i, path := range files {
		if results[i].Error != "" {
			t.Errorf("%s: PHP: %s", names[i], results[i].Error)
			continue
		}
		p, err := ImportFile(path)
		if err != nil {
			t.Errorf("%s: %v", names[i], err)
			continue
		}
		if diffs := compare(p, results[i], allows); len(diffs) > 0 {
			t.Errorf("%s: the importer's model differs from PHP's:\n  %s", names[i], strings.Join(diffs, "\n  "))
		}
	}
}
