package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// isBuilderClass reports whether a class name is BGA's GameStateBuilder
// (possibly namespace-qualified).
func isBuilderClass(name string) bool {
	if i := strings.LastIndexByte(name, '\\'); i >= 0 {
		name = name[i+1:]
	}
	return name == "GameStateBuilder"
}

// builderStart evaluates GameStateBuilder::create(), ::gameSetup(next) and
// ::endScore(). The builder is a state array under construction.
//
// gameSetup(next) is BGA's standard state 1: name gameSetup, type manager,
// action stGameSetup, one transition "" to next. endScore() is taken to be a game
// state named endScore whose action stEndScore leads to 99 (gameEnd).
func (p *parser) builderStart(cls, member token, args []pval) (pval, error) {
	arr := newArray()
	at := cls.pos
	set := func(k string, v pval) {
		v.pos = at
		arr.set(pval{k: pString, s: k, pos: at}, v)
	}
	str := func(s string) pval { return pval{k: pString, s: s} }
	switch member.text {
	case "create":
		if len(args) != 0 {
			return pval{}, p.errorf(at, "GameStateBuilder::create() takes no arguments")
		}
	case "gameSetup":
		if len(args) != 1 {
			return pval{}, p.errorf(at, "GameStateBuilder::gameSetup() takes the id of the first state")
		}
		tr := newArray()
		tr.set(pval{k: pString, pos: args[0].pos}, args[0])
		set("name", str("gameSetup"))
		set("description", str(""))
		set("type", str(string(graph.Manager)))
		set("action", str("stGameSetup"))
		set("transitions", pval{k: pArray, arr: tr})
	case "endScore":
		if len(args) != 0 {
			return pval{}, p.errorf(at, "GameStateBuilder::endScore() takes no arguments")
		}
		tr := newArray()
		tr.set(pval{k: pString, pos: at}, pval{k: pInt, i: graph.EndID, pos: at})
		set("name", str("endScore"))
		set("description", str(""))
		set("type", str(string(graph.Game)))
		set("action", str("stEndScore"))
		set("transitions", pval{k: pArray, arr: tr})
	default:
		return pval{}, p.errorf(member.pos, "unknown GameStateBuilder::%s()", member.text)
	}
	return pval{k: pBuilder, arr: arr, pos: at}, nil
}

// builderKeys maps GameStateBuilder methods (lower case) to state keys.
var builderKeys = map[string]string{
	"name":                  "name",
	"description":           "description",
	"descriptionmyturn":     "descriptionmyturn",
	"type":                  "type",
	"action":                "action",
	"args":                  "args",
	"possibleactions":       "possibleactions",
	"transitions":           "transitions",
	"updategameprogression": "updateGameProgression",
	"initialprivate":        "initialprivate",
}

// stateProperty returns the key of a built state's array that property
// name ($state->possibleActions: the builder's method of that name) stands
// for; ok is false for a name the builder has no method for.
func stateProperty(name string) (key string, ok bool) {
	key, ok = builderKeys[strings.ToLower(name)]
	return key, ok
}

// propertyFetch reports whether the current token starts "->name", not
// followed by "(", on v, a state GameStateBuilder built: a read or write of
// one of its properties.
func (p *parser) propertyFetch(v pval) bool {
	if !v.built || !(p.is("->") || p.is("?->")) {
		return false
	}
	name, err := p.at(p.ti)
	if err != nil || name.kind != tIdent {
		return false
	}
	after, err := p.at(p.ti + 1)
	return err == nil && !(after.kind == tPunct && after.text == "(")
}

// builderCall applies one ->method(args) of a GameStateBuilder chain; ->build()
// turns the builder into the state array.
func (p *parser) builderCall(b pval, method token, args []pval) (pval, error) {
	lower := strings.ToLower(method.text)
	if lower == "build" {
		if len(args) != 0 {
			return b, p.errorf(method.pos, "->build() takes no arguments")
		}
		return pval{k: pArray, arr: b.arr, pos: b.pos, built: true}, nil
	}
	key, ok := builderKeys[lower]
	if !ok {
		return b, p.errorf(method.pos, "unknown GameStateBuilder method ->%s()", method.text)
	}
	var v pval
	switch {
	case key == "updateGameProgression" && len(args) == 0:
		v = pval{k: pBool, b: true, pos: method.pos}
	case key == "possibleactions" && len(args) > 1:
		v = pval{k: pArray, arr: newArray(), pos: args[0].pos}
		for _, a := range args {
			v.arr.push(a)
		}
	case len(args) == 1:
		v = args[0]
	default:
		return b, p.errorf(method.pos, "->%s() takes one argument", method.text)
	}
	b.arr.set(pval{k: pString, s: key, pos: method.pos}, v)
	return b, nil
}
