package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// loopJump is the error a break or continue statement returns up to its loop.
type loopJump struct {
	brk bool
	pos graph.Pos
}

func (j *loopJump) Error() string {
	if j.brk {
		return "break outside a loop"
	}
	return "continue outside a loop"
}

// foreachStmt runs foreach (EXPR as [$k =>] [&]$v) BODY the way PHP does:
// the body runs once per entry of the array EXPR had when the loop started,
// with the loop variables set. This is how some files finish their machine
// (add a transition or an action to every state); the body is still read
// declaratively, so a call into the game inside it is refused as usual. With
// &$v, what the body does to $v is written back into the array, which must
// then be a variable.
func (p *parser) foreachStmt() error {
	h, err := p.foreachHead()
	if err != nil {
		return err
	}
	body := p.mark()
	if err := p.skipStatement(); err != nil {
		return err
	}
	end := p.mark()
	p.loops++
	defer func() { p.loops-- }()
	for _, e := range h.subj.arr.ents {
		if err := p.spend(1, h.pos); err != nil {
			return err
		}
		p.reset(body)
		brk, err := p.iteration(h, e)
		if err != nil {
			return err
		}
		if brk {
			break
		}
	}
	if h.byRef {
		// PHP leaves $v a reference to the last entry; forget it rather than
		// let a later assignment to $v silently mean something else.
		delete(p.vars, h.val)
	}
	p.reset(end)
	return nil
}

// foreachHead is what "foreach (EXPR as [$k =>] [&]$v)" says.
type foreachHead struct {
	pos      graph.Pos
	subj     pval   // the array, as it was when the loop started
	subjVar  string // the variable EXPR is, when it is one
	key, val string // the loop variables ("" for no key)
	byRef    bool
}

// foreachHead reads the head of a foreach, up to its body.
func (p *parser) foreachHead() (foreachHead, error) {
	h := foreachHead{pos: p.tok.pos}
	if err := p.next(); err != nil {
		return h, err
	}
	if err := p.expect("("); err != nil {
		return h, err
	}
	subjTok, subjMark := p.tok, p.mark()
	subj, err := p.expr()
	if err != nil {
		return h, err
	}
	if subjTok.kind == tVar && p.mark() == subjMark+1 {
		h.subjVar = subjTok.text
	}
	if subj.k == pBuilder {
		subj.k = pArray
	}
	if subj.k != pArray {
		return h, p.errorf(subj.pos, "foreach over %s", subj.describe())
	}
	h.subj = subj
	if !p.isKeyword("as") {
		return h, p.unexpected(`"as"`)
	}
	if err := p.next(); err != nil {
		return h, err
	}
	if h.key, h.val, h.byRef, err = p.foreachVars(); err != nil {
		return h, err
	}
	if h.byRef && h.subjVar == "" {
		return h, p.errorf(subjTok.pos, "foreach by reference over something other than a variable is not supported")
	}
	if err := p.expect(")"); err != nil {
		return h, err
	}
	if p.is(":") {
		return h, p.errorf(p.tok.pos, "the alternative foreach syntax (foreach: ... endforeach;) is not supported")
	}
	return h, nil
}

// iteration runs the body (the current statement) once for entry e; brk is
// set by a break.
func (p *parser) iteration(h foreachHead, e pentry) (brk bool, err error) {
	val := e.val.clone()
	if h.byRef {
		if live, ok := p.vars[h.subjVar]; ok && live.arr != nil {
			if cur, found := live.arr.get(e.key); found {
				val = cur.clone()
			}
		}
	}
	if h.key != "" {
		p.vars[h.key] = keyOf(e.key)
	}
	p.vars[h.val] = val
	err = p.statement()
	var jump *loopJump
	if asJump(err, &jump) {
		err = nil
	}
	if err != nil {
		return false, err
	}
	if h.byRef {
		if live, ok := p.vars[h.subjVar]; ok && live.arr != nil {
			live.arr.set(e.key, p.vars[h.val])
		}
	}
	return jump != nil && jump.brk, nil
}

// asJump reports whether err is a break or continue, setting *j.
func asJump(err error, j **loopJump) bool {
	lj, ok := err.(*loopJump)
	if ok {
		*j = lj
	}
	return ok
}

// foreachVars reads "[$k =>] [&]$v" of a foreach.
func (p *parser) foreachVars() (key, val string, byRef bool, err error) {
	readVar := func() (string, bool, error) {
		ref := false
		if p.is("&") {
			ref = true
			if err := p.next(); err != nil {
				return "", false, err
			}
		}
		if p.tok.kind != tVar {
			if p.isKeyword("list") || p.is("[") {
				return "", false, p.errorf(p.tok.pos, "destructuring in foreach is not supported")
			}
			return "", false, p.unexpected("a variable")
		}
		if p.tok.text == "this" {
			return "", false, p.errorf(p.tok.pos, "cannot assign to $this")
		}
		name := p.tok.text
		return name, ref, p.next()
	}
	first, ref, err := readVar()
	if err != nil {
		return "", "", false, err
	}
	if !p.is("=>") {
		return "", first, ref, nil
	}
	if ref {
		return "", "", false, p.errorf(p.tok.pos, "a foreach key cannot be a reference")
	}
	if err := p.next(); err != nil {
		return "", "", false, err
	}
	second, ref, err := readVar()
	return first, second, ref, err
}

// jumpStmt reads break; or continue; inside a foreach.
func (p *parser) jumpStmt() error {
	t := p.tok
	if err := p.next(); err != nil {
		return err
	}
	if p.tok.kind == tInt {
		return p.errorf(p.tok.pos, "%s with a level is not supported", strings.ToLower(t.text))
	}
	if err := p.endStatement(); err != nil {
		return err
	}
	j := &loopJump{brk: strings.EqualFold(t.text, "break"), pos: t.pos}
	if p.loops == 0 {
		return p.errorf(t.pos, "%s", j.Error())
	}
	return j
}

// unsetStmt reads unset($a, $b, ...); of variables: what follows a foreach
// by reference ("unset($state);", which ends the reference) forgets them.
// An array element is not followed.
func (p *parser) unsetStmt() error {
	at := p.tok.pos
	if err := p.next(); err != nil {
		return err
	}
	if err := p.expect("("); err != nil {
		return err
	}
	var names []string
	for {
		if p.tok.kind != tVar || p.tok.text == "this" {
			return p.notDeclarative(at, "unset() of something other than a variable")
		}
		names = append(names, p.tok.text)
		if err := p.next(); err != nil {
			return err
		}
		if p.is("[") || p.is("->") {
			return p.notDeclarative(at, "unset() of an array element")
		}
		if !p.is(",") {
			break
		}
		if err := p.next(); err != nil {
			return err
		}
		if p.is(")") {
			break // a trailing comma
		}
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.endStatement(); err != nil {
		return err
	}
	for _, n := range names {
		delete(p.vars, n)
	}
	return nil
}
