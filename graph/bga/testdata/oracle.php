<?php
// The importer's oracle (see oracle_test.go): PHP itself evaluates one
// states.inc.php and prints its $machinestates as JSON on stdout.
//
//   php oracle.php FILE
//
// Only what BGA's framework would supply around the file is stubbed:
//   - clienttranslate() and totranslate() return their argument;
//   - files the state machine require()s or include()s are read as empty
//     (a stream wrapper serves them), and their names are listed;
//   - a constant no file defines is defined as a string equal to its name,
//     as written (the importer keeps such a name symbolic): global constants
//     when PHP reports them undefined (the file is then evaluated again),
//     class constants X::NAME by a class X made on demand holding every NAME
//     the file writes after "X::";
//   - BGA's StateType enum and GameStateBuilder, from BGA's documentation.
//
// Output: {"states": V, "constants": [[name, V], ...], "stubbed": [names],
// "required": [paths]} where V encodes $machinestates (and the constants the
// file defined): a PHP array is {"array": [[key, value], ...]} in
// PHP's order, an enum case {"enum": "StateType::GAME", "value": "game"}, a
// float {"float": x}; strings, integers, booleans and null are themselves.
// Failure: {"error": "message"} and exit status 1.

error_reporting(E_ALL & ~E_WARNING & ~E_NOTICE & ~E_DEPRECATED & ~E_USER_DEPRECATED);
ini_set('display_errors', 'stderr');

function clienttranslate($s) { return $s; }
function totranslate($s) { return $s; }

// BGA's StateType (Bga\GameFramework\StateType), a string-backed enum.
enum OracleStateType: string {
    case ACTIVE_PLAYER = 'activeplayer';
    case MULTIPLE_ACTIVE_PLAYER = 'multipleactiveplayer';
    case PRIVATE = 'private';
    case GAME = 'game';
    case MANAGER = 'manager';
}

// BGA's GameStateBuilder (Bga\GameFramework\GameStateBuilder): each method sets
// the state key of its name; build() gives the state array. gameSetup(N) is
// the standard state 1 every classic states.inc.php writes; endScore() is a
// game state running stEndScore on its way to state 99.
class OracleGameStateBuilder {
    public array $state = [];

    public static function create(): self { return new self(); }
    public static function gameSetup($next): self {
        $b = new self();
        $b->state = ['name' => 'gameSetup', 'description' => '', 'type' => 'manager',
            'action' => 'stGameSetup', 'transitions' => ['' => $next]];
        return $b;
    }
    public static function endScore(): self {
        $b = new self();
        $b->state = ['name' => 'endScore', 'description' => '', 'type' => 'game',
            'action' => 'stEndScore', 'transitions' => ['' => 99]];
        return $b;
    }
    private function set(string $k, $v): self { $this->state[$k] = $v; return $this; }
    public function name($name) { return $this->set('name', $name); }
    public function description($description) { return $this->set('description', $description); }
    public function descriptionmyturn($descriptionmyturn) { return $this->set('descriptionmyturn', $descriptionmyturn); }
    public function type($type) { return $this->set('type', $type); }
    public function action($action) { return $this->set('action', $action); }
    public function args($args) { return $this->set('args', $args); }
    public function possibleactions(...$possibleactions) {
        if (count($possibleactions) === 1 && is_array($possibleactions[0])) {
            $possibleactions = $possibleactions[0];
        }
        return $this->set('possibleactions', $possibleactions);
    }
    public function transitions($transitions) { return $this->set('transitions', $transitions); }
    public function updateGameProgression($updateGameProgression = true) { return $this->set('updateGameProgression', $updateGameProgression); }
    public function initialprivate($initialprivate) { return $this->set('initialprivate', $initialprivate); }
    // build() gives the state array, or with ORACLE_BUILT_OBJECTS=1 an
    // object whose properties are the state's fields, for files that change
    // built states through them ($state->possibleActions[] = ...).
    public function build() {
        return getenv('ORACLE_BUILT_OBJECTS') === '1' ? new OracleGameState($this->state) : $this->state;
    }
}

// OracleGameState is a built state as an object: a property per builder
// method (null when the chain did not call it).
class OracleGameState {
    const KEYS = ['name' => 'name', 'description' => 'description', 'descriptionMyTurn' => 'descriptionmyturn',
        'type' => 'type', 'action' => 'action', 'args' => 'args', 'possibleActions' => 'possibleactions',
        'transitions' => 'transitions', 'updateGameProgression' => 'updateGameProgression', 'initialPrivate' => 'initialprivate'];
    public $name = null, $description = null, $descriptionMyTurn = null, $type = null, $action = null, $args = null,
        $possibleActions = null, $transitions = null, $updateGameProgression = null, $initialPrivate = null;
    private array $order;

    public function __construct(array $state) {
        $this->order = array_keys($state);
        foreach (self::KEYS as $prop => $key) {
            if (array_key_exists($key, $state)) {
                $this->$prop = $state[$key];
            }
        }
    }
    // toArray gives the state array: the keys the chain set, in its order,
    // then those the file set through properties.
    public function toArray(): array {
        $out = [];
        $props = array_flip(self::KEYS);
        foreach ($this->order as $key) {
            if (isset($props[$key]) && $this->{$props[$key]} !== null) {
                $out[$key] = $this->{$props[$key]};
            }
        }
        foreach (self::KEYS as $prop => $key) {
            if (!array_key_exists($key, $out) && $this->$prop !== null) {
                $out[$key] = $this->$prop;
            }
        }
        return $out;
    }
}

// OracleFiles replaces the "file" stream wrapper: the file under test reads
// as itself, any other file it includes reads as an empty PHP file.
class OracleFiles {
    public static string $main = '';
    public static string $src = '';
    public static array $required = [];
    public $context;
    private string $data = '';
    private int $pos = 0;

    public function stream_open($path, $mode, $options, &$opened) {
        if ($path === self::$main) {
            $this->data = self::$src;
        } else {
            $this->data = "<?php\n";
            self::$required[$path] = true;
        }
        return true;
    }
    public function stream_read($n) {
        $r = substr($this->data, $this->pos, $n);
        $this->pos += strlen($r);
        return $r;
    }
    public function stream_eof() { return $this->pos >= strlen($this->data); }
    public function stream_stat() { return ['size' => strlen($this->data), 'mode' => 0100644]; }
    public function url_stat($path, $flags) { return ['size' => 0, 'mode' => 0100644]; }
    public function stream_set_option($option, $arg1, $arg2) { return false; }
    public function stream_close() {}
}

// classConstants maps each class name written before "::" (its last segment)
// to the constant names written after it.
function classConstants(string $src): array {
    $out = [];
    $toks = array_values(array_filter(token_get_all($src), fn($t) => !is_array($t) || !in_array($t[0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT])));
    for ($i = 0; $i + 2 < count($toks); $i++) {
        [$a, $b, $c] = [$toks[$i], $toks[$i + 1], $toks[$i + 2]];
        if (is_array($a) && in_array($a[0], [T_STRING, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED])
            && is_array($b) && $b[0] === T_DOUBLE_COLON && is_array($c) && $c[0] === T_STRING) {
            $parts = explode('\\', $a[1]);
            $out[end($parts)][$c[1]] = true;
        }
    }
    return $out;
}

function enc($v) {
    if ($v instanceof OracleGameStateBuilder) {
        $v = $v->build();
    }
    if ($v instanceof OracleGameState) {
        $v = $v->toArray();
    }
    if (is_array($v)) {
        $out = [];
        foreach ($v as $k => $x) {
            $out[] = [$k, enc($x)];
        }
        return ['array' => $out];
    }
    if ($v instanceof OracleStateType) {
        return ['enum' => 'StateType::' . $v->name, 'value' => $v->value];
    }
    if (is_object($v)) {
        return ['object' => get_class($v)];
    }
    if (is_float($v)) {
        return ['float' => $v];
    }
    return $v;
}

function evaluate(string $path) {
    include $path;
    return $machinestates ?? null;
}

function fail(string $msg) {
    echo json_encode(['error' => $msg], JSON_INVALID_UTF8_SUBSTITUTE), "\n";
    exit(1);
}

$path = realpath($argv[1] ?? '');
if ($path === false) {
    fail('no such file: ' . ($argv[1] ?? ''));
}
OracleFiles::$main = $path;
OracleFiles::$src = file_get_contents($path);
$classConsts = classConstants(OracleFiles::$src);
$stubbed = [];

spl_autoload_register(function (string $class) use ($classConsts, &$stubbed) {
    $parts = explode('\\', $class);
    $short = array_pop($parts);
    if ($short === 'StateType') {
        class_alias(OracleStateType::class, $class);
        return;
    }
    if ($short === 'GameStateBuilder') {
        class_alias(OracleGameStateBuilder::class, $class);
        return;
    }
    $body = '';
    foreach (array_keys($classConsts[$short] ?? []) as $name) {
        if ($name === 'class') {
            continue;
        }
        $body .= "const $name = " . var_export("$short::$name", true) . ";\n";
        $stubbed[] = "$short::$name";
    }
    $ns = implode('\\', $parts);
    eval(($ns !== '' ? "namespace $ns;\n" : '') . "class $short {\n$body}\n");
});

stream_wrapper_unregister('file');
stream_wrapper_register('file', OracleFiles::class);

$machine = null;
for ($try = 0; ; $try++) {
    try {
        $machine = evaluate($path);
        break;
    } catch (\Throwable $e) {
        $msg = $e->getMessage();
        if ($try < 500 && $e instanceof \Error && preg_match('/^Undefined constant "(?:[^"]*\\\\)?([A-Za-z_][A-Za-z0-9_]*)"$/', $msg, $m) && !defined($m[1])) {
            define($m[1], $m[1]);
            $stubbed[] = $m[1];
            continue;
        }
        fail(get_class($e) . ': ' . $msg . ' at line ' . $e->getLine());
    }
}
stream_wrapper_restore('file');
if ($machine === null) {
    fail('no $machinestates');
}
$required = array_keys(OracleFiles::$required);
sort($stubbed);
// The constants the file defined, in the order it defined them.
$constants = [];
foreach (get_defined_constants(true)['user'] ?? [] as $name => $value) {
    if (!in_array($name, $stubbed, true)) {
        $constants[] = [$name, enc($value)];
    }
}
echo json_encode(['states' => enc($machine), 'constants' => $constants, 'stubbed' => $stubbed, 'required' => $required],
    JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION), "\n";
