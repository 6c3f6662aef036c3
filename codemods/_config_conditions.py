"""TFM1xx: settings and sessions under a condition.

Two forms that real code uses again and again:

* a setting made under an `if`:

      config = tf.ConfigProto(allow_soft_placement=True)
      if num_intra_threads:
          config.intra_op_parallelism_threads = num_intra_threads

  becomes the same tf.config call under the same `if`, among the site's other calls, in
  run-time order. The condition is evaluated where the calls go instead of where it was
  written, so it must have no side effects (names, attributes, comparisons, constants
  and a few pure builtins; see `pure`), and the `if` must do nothing but set this config.
  Every combination of the conditions must plan without a problem into exactly the calls
  of its parts (`plan`): `allow_growth` under an `if` beside a memory fraction is still
  TFM113, since one of the combinations has both;

* a session made only under a condition (`if args.train: sess = tf.Session(config=c)`):
  TF1 applied `c` only when that session was made, so the calls go right before it,
  under its condition, instead of where the config was built (`conditional_sessions`).

The analysis object these functions receive is config_proto's `_Analysis`: its `parent`,
`code`, `index`, `is_builtin`, `qnames`, `read_value` and `positions` are all they use.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import libcst as cst
from libcst.metadata import GlobalScope

from tfmigrate import settings
from tfmigrate.codemods import _config_plan as config_plan
from tfmigrate.codemods._config_comments import _statement_comments
from tfmigrate.codemods._config_render import _render_with_comments
from tfmigrate.names import imported_names
from tfmigrate.settings import Names

CODE_FOLLOW = "TFM120"
LEFT = "; this ConfigProto was left as it is"
MAX_WORLDS = 64  # combinations of conditions checked; more than that is left
# Calls a condition may make: they read, and change nothing.
PURE_CALLS = {"len", "bool", "int", "float", "str", "isinstance", "hasattr", "getattr", "abs", "min", "max",
              "os.environ.get", "os.getenv", "os.path.exists", "os.path.isdir", "os.path.isfile"}
# Names of settings that combine with others field by field (device_count['GPU'] = …).
MERGED_FIELDS = ("device_count",)
# Settings TF2 lets a program change at any time (config_proto.CHANGEABLE_ANY_TIME).
CHANGEABLE_FIELDS = {"allow_soft_placement", "log_device_placement", "graph_options.optimizer_options.global_jit_level"}


@dataclass
class Arm:
    block: cst.CSTNode  # the IndentedBlock (or one-line suite) of the `if` or of its `else`
    test: Optional[cst.BaseExpression]  # None for the `else`
    fields: dict[str, Any] = field(default_factory=dict)  # path -> config_proto._Setting
    comments: dict[str, tuple[list, list]] = field(default_factory=dict)  # path -> (above, beside)
    consumed: int = 0  # its statements read as settings


@dataclass
class Conditional:
    stmt: cst.If
    arms: list[Arm]


# -- reading --------------------------------------------------------------------------------


def read_setting(analysis, site, ref: cst.Name) -> bool:
    """`<config>.a.b = v` inside an `if` (or its `else`) of the config's own block, after
    it was built: record it in `site.conditionals`. True when `ref` was such a use (read,
    or reported with a reason); False leaves it to the caller's generic report."""
    found = _attribute_assignment(analysis, ref)
    if found is None:
        return False
    path, assign, holder = found
    arm_block = analysis.parent(holder) if isinstance(holder, cst.SimpleStatementLine) else holder
    owner = analysis.parent(arm_block)
    if isinstance(owner, cst.Else):
        if_stmt, index = analysis.parent(owner), 1
    elif isinstance(owner, cst.If) and owner.body is arm_block:
        if_stmt, index = owner, 0
    else:
        return False
    if not isinstance(if_stmt, cst.If) or analysis.parent(if_stmt) is not site.block or not site.def_stmts:
        return False
    body = list(getattr(site.block, "body", ()))
    if if_stmt not in body or body.index(if_stmt) <= body.index(site.def_stmts[0]):
        return False
    line = analysis.positions[if_stmt].start.line
    if isinstance(if_stmt.orelse, cst.If):
        site.fail(ref, CODE_FOLLOW, f"`{analysis.code(ref).strip()}.{path}` is set in an `if`/`elif` chain (line {line}); only an "
                  "`if` with at most an `else` is carried over" + LEFT)
        return True
    impure = impure_part(analysis, if_stmt.test)
    if impure is not None:
        site.fail(ref, CODE_FOLLOW, f"`{analysis.code(ref).strip()}.{path}` is set under a condition (line {line}) that may do more "
                  f"than read (`{impure}`), and the tf.config calls would evaluate it again where they go" + LEFT)
        return True
    loop = _loop_around(analysis, if_stmt)
    if loop is not None:
        site.fail(ref, CODE_FOLLOW, f"`{analysis.code(ref).strip()}.{path}` is set under a condition inside a loop (line "
                  f"{analysis.positions[loop].start.line}): TF1 gave each session the config of its own pass, while "
                  "a tf.config setting stays once made" + LEFT)
        return True
    if path in CHANGEABLE_FIELDS and not isinstance(site.scope, GlobalScope):
        site.fail(ref, CODE_FOLLOW, f"`{path}` is set under a condition in a function: if it runs again with the "
                  "condition false, TF1's next session had the default again, while TF2 keeps the setting made "
                  "before" + LEFT)
        return True
    if path.split(".")[0] in MERGED_FIELDS:
        site.fail(ref, CODE_FOLLOW, f"`{path}` is changed under a condition (line {line}); tfmigrate carries over "
                  "only whole settings under a condition" + LEFT)
        return True
    conditional = site.conditionals.get(if_stmt)
    if conditional is None:
        arms = [Arm(if_stmt.body, if_stmt.test)]
        if if_stmt.orelse is not None:
            arms.append(Arm(if_stmt.orelse.body, None))
        conditional = site.conditionals[if_stmt] = Conditional(if_stmt, arms)
        site.def_stmts.append(if_stmt)
    arm = conditional.arms[index]
    scratch = type(site)(anchor=site.anchor, scope=site.scope)
    analysis.read_value(scratch, path, assign.value, holder)
    site.problems.extend(scratch.problems)
    if path in arm.fields:
        site.fail(ref, CODE_FOLLOW, f"`{path}` is set twice under the condition on line {line}" + LEFT)
    arm.fields.update(scratch.fields)
    if isinstance(holder, cst.SimpleStatementLine):
        arm.comments[path] = _statement_comments(holder)
    arm.consumed += 1
    return True


def _loop_around(analysis, node: cst.CSTNode) -> Optional[cst.CSTNode]:
    """The `for`/`while` whose body holds `node`, inside its function (or module)."""
    cur, par = node, analysis.parent(node)
    while par is not None and not isinstance(par, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
        if isinstance(par, (cst.For, cst.While)) and cur is par.body:
            return par
        cur, par = par, analysis.parent(par)
    return None


def check_complete(analysis, site) -> None:
    """Each `if` read as conditional settings must do nothing else: it is removed whole."""
    for conditional in site.conditionals.values():
        for arm in conditional.arms:
            if arm.consumed != len(_statements(arm.block)):
                line = analysis.positions[conditional.stmt].start.line
                site.fail(conditional.stmt, CODE_FOLLOW, f"the `if` on line {line} sets the config and does more "
                          "(another statement in it), so it cannot be replaced by tf.config calls" + LEFT)
                break


def _statements(block: cst.CSTNode) -> list[cst.CSTNode]:
    if isinstance(block, cst.SimpleStatementSuite):
        return list(block.body)
    return list(getattr(block, "body", ()))


def _attribute_assignment(analysis, ref: cst.Name):
    """(`a.b`, the Assign, its statement line or one-line suite) for `ref.a.b = v` as a
    statement of its own; else None."""
    chain: list[str] = []
    node: cst.CSTNode = ref
    par = analysis.parent(node)
    while isinstance(par, cst.Attribute) and par.value is node:
        chain.append(par.attr.value)
        node, par = par, analysis.parent(par)
    if not chain or not isinstance(par, cst.AssignTarget):
        return None
    assign = analysis.parent(par)
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return None
    holder = analysis.parent(assign)
    if isinstance(holder, cst.SimpleStatementLine) and len(holder.body) == 1:
        return ".".join(chain), assign, holder
    if isinstance(holder, cst.SimpleStatementSuite):
        return ".".join(chain), assign, holder
    return None


def impure_part(analysis, expr: cst.BaseExpression) -> Optional[str]:
    """The first part of `expr` that may do more than read (a call of anything but a
    few pure builtins, a walrus, a lambda, a comprehension), as source; None if pure."""
    if isinstance(expr, (cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                         cst.ConcatenatedString)):
        return None
    if isinstance(expr, cst.Attribute):
        return impure_part(analysis, expr.value)
    if isinstance(expr, cst.Subscript):
        for element in expr.slice:
            if not isinstance(element.slice, cst.Index):
                return analysis.code(expr).strip()
            found = impure_part(analysis, element.slice.value)
            if found is not None:
                return found
        return impure_part(analysis, expr.value)
    if isinstance(expr, cst.UnaryOperation):
        return impure_part(analysis, expr.expression)
    if isinstance(expr, (cst.BinaryOperation, cst.BooleanOperation)):
        return impure_part(analysis, expr.left) or impure_part(analysis, expr.right)
    if isinstance(expr, cst.Comparison):
        return impure_part(analysis, expr.left) or next(
            (found for c in expr.comparisons if (found := impure_part(analysis, c.comparator)) is not None), None)
    if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
        return next((found for e in expr.elements if (found := impure_part(analysis, e.value)) is not None), None)
    if isinstance(expr, cst.Call) and not any(a.star for a in expr.args):
        name = _call_name(analysis, expr)
        if name in PURE_CALLS:
            return next((found for a in expr.args if (found := impure_part(analysis, a.value)) is not None), None)
    return analysis.code(expr).strip()


def _call_name(analysis, call: cst.Call) -> Optional[str]:
    if isinstance(call.func, cst.Name):
        return call.func.value if analysis.is_builtin(call.func) else None
    names = imported_names(analysis.qnames, call.func)
    return names.pop() if len(names) == 1 else None


# -- planning -------------------------------------------------------------------------------


def plan(analysis, site, base: settings.Plan, base_fields: dict) -> list[tuple[settings.Action, Conditional, int]]:
    """The actions of the conditional settings, each with its `if` and arm. Reports (on
    `site`) a combination of conditions whose settings do not plan into exactly the calls
    of its parts, or whose parts set one thing twice."""
    if not site.conditionals:
        return []
    conditionals = sorted(site.conditionals.values(), key=lambda c: analysis.index.order[c.stmt])
    own: dict[int, settings.Plan] = {}
    out: list[tuple[settings.Action, Conditional, int]] = []
    for conditional in conditionals:
        for index, arm in enumerate(conditional.arms):
            values = {path: s.value for path, s in arm.fields.items()}
            p = config_plan.plan(values)
            own[id(arm)] = p
            for problem in p.problems:
                node = arm.fields[problem.field].node if problem.field in arm.fields else conditional.stmt
                site.fail(node, problem.code, problem.message + LEFT)
            base.notes.extend(p.notes)
            out.extend((action, conditional, index) for action in p.actions)
    if site.problems:
        return out
    options = [list(c.arms) + ([None] if len(c.arms) == 1 else []) for c in conditionals]
    if _count(options) > MAX_WORLDS:
        site.fail(conditionals[0].stmt, CODE_FOLLOW, f"the config is set under {len(conditionals)} conditions, too "
                  "many combinations to check" + LEFT)
        return out
    base_rendered = {_rendered(a) for a in base.actions}
    for world in itertools.product(*options):
        chosen = [arm for arm in world if arm is not None]
        fields = dict(base_fields)
        keys = [a.key for a in base.actions]
        expected = set(base_rendered)
        for arm in chosen:
            overlap = sorted(set(fields) & set(arm.fields))
            if overlap:
                return _fail(analysis, site, arm, out, f"`{overlap[0]}` is set both under the condition and "
                             "outside it (or under two conditions); which one wins depends on the run")
            fields.update({path: s.value for path, s in arm.fields.items()})
            keys += [a.key for a in own[id(arm)].actions]
            expected |= {_rendered(a) for a in own[id(arm)].actions}
        together = config_plan.plan(fields)
        if together.problems:
            problem = together.problems[0]
            return _fail(analysis, site, chosen[-1], out, f"when {_when(analysis, world, conditionals)}, "
                         f"{problem.message}", code=problem.code)
        if len(keys) != len(set(keys)) or {_rendered(a) for a in together.actions} != expected:
            return _fail(analysis, site, chosen[-1], out, f"when {_when(analysis, world, conditionals)}, the settings "
                         "under the condition combine with the others into other tf.config calls than each alone")
    return out


def _fail(analysis, site, arm: Arm, out, message: str, code: str = CODE_FOLLOW):
    node = next(iter(arm.fields.values())).node if arm.fields else site.anchor
    site.fail(node, code, message + LEFT)
    return out


def _when(analysis, world, conditionals) -> str:
    parts = []
    for arm, conditional in zip(world, conditionals):
        test = analysis.code(conditional.stmt.test).strip()
        parts.append(f"`{test}` is {'true' if arm is conditional.arms[0] else 'false'}")
    return " and ".join(parts)


def _count(options: Sequence[Sequence]) -> int:
    n = 1
    for o in options:
        n *= len(o)
    return n


def _rendered(action: settings.Action) -> tuple[str, str]:
    return action.key, "\n".join(action.render(Names()))


# -- emission -------------------------------------------------------------------------------


def render(analysis, actions: Sequence[settings.Action], conditional_of: dict, names: Names, site,
           indent: str) -> tuple[list[cst.BaseStatement], set]:
    """The statements for `actions` (in run-time order): a plain one as it is, a run of
    conditional ones of one `if` as that `if`, with the user's comments beside each setting.
    `conditional_of` maps id(action) to (Conditional, arm index)."""
    stmts: list[cst.BaseStatement] = []
    placed: set = set()
    i = 0
    while i < len(actions):
        owner = conditional_of.get(id(actions[i]))
        if owner is None:
            j = i
            while j < len(actions) and id(actions[j]) not in conditional_of:
                j += 1
            part, done = _render_with_comments(actions[i:j], names, site.field_comments, indent)
            stmts += part
            placed |= done
            i = j
            continue
        conditional = owner[0]
        j = i
        per_arm: dict[int, list[settings.Action]] = {}
        while j < len(actions) and conditional_of.get(id(actions[j]), (None,))[0] is conditional:
            per_arm.setdefault(conditional_of[id(actions[j])][1], []).append(actions[j])
            j += 1
        stmt, done = _render_if(analysis, conditional, per_arm, names, indent)
        stmts.append(stmt)
        placed |= done
        i = j
    return stmts, placed


def _render_if(analysis, conditional: Conditional, per_arm: dict[int, list], names: Names,
               indent: str) -> tuple[cst.If, set]:
    placed: set = set()
    bodies = []
    for index, arm in enumerate(conditional.arms):
        part, done = _render_with_comments(per_arm.get(index, []), names, arm.comments, indent)
        placed |= done
        bodies.append(part)
    test = conditional.stmt.test
    original = conditional.stmt
    header = original.body.header if isinstance(original.body, cst.IndentedBlock) else cst.TrailingWhitespace()
    if header.comment is not None:
        placed.add(header.comment)
    if not bodies[0]:  # only the `else` sets something in this run-time stage
        test = cst.UnaryOperation(cst.Not(), _parenthesized(test))
        bodies, header = [bodies[1]], cst.TrailingWhitespace()
    new = cst.If(test=test.deep_clone(), body=cst.IndentedBlock(body=bodies[0], header=header),
                 whitespace_before_test=original.whitespace_before_test,
                 whitespace_after_test=original.whitespace_after_test)
    if len(bodies) > 1 and bodies[1]:
        else_header = original.orelse.body.header if isinstance(original.orelse.body, cst.IndentedBlock) \
            else cst.TrailingWhitespace()
        if else_header.comment is not None:
            placed.add(else_header.comment)
        new = new.with_changes(orelse=cst.Else(body=cst.IndentedBlock(body=bodies[1], header=else_header)))
    return new, placed


def _parenthesized(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or expr.lpar:
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def value_sources(site) -> list[str]:
    """The source of every value and condition the conditional settings read."""
    found = []
    for conditional in site.conditionals.values():
        found.append(cst.Module([]).code_for_node(conditional.stmt.test))
        for arm in conditional.arms:
            found += [s.value.source for s in arm.fields.values() if s.value.source is not None]
    return found


# -- sessions made only under a condition ---------------------------------------------------

# What may lie between a conditional session and the config's block: the calls go right
# before the session, and run exactly when it is made.
_PASSABLE = (cst.IndentedBlock, cst.SimpleStatementSuite, cst.If, cst.Else, cst.With)


def conditional_sessions(analysis, site) -> Optional[list[cst.BaseStatement]]:
    """When every session of the config is made in the config's own scope, after it, and
    only under a condition (`if args.train: sess = tf.Session(config=config)`): the
    statements that make them. TF1 applied the config only when such a session was made,
    so the calls go right before each (under `if <test>:` for a session inside a
    conditional expression whose test only reads). None when this is not the case; the
    caller then places or reports the calls as before. Decided once per site."""
    if site.session_guards is None:
        site.session_guards = {}
        site.session_statements = _conditional_sessions(analysis, site)
    return site.session_statements


def _conditional_sessions(analysis, site) -> Optional[list[cst.BaseStatement]]:
    if site.inline_stmt is not None or site.helper is not None or not site.session_calls or not site.def_stmts \
            or site.block is None or any(analysis.scopes[c] is not site.scope for c in site.session_calls):
        return None
    if not all(analysis.condition_between(c, site.block) for c in site.session_calls):
        return None  # one session is made whenever the config is: the calls go with the config
    if one_session_on_every_path(analysis, site):
        return None  # the same, through `if ...: Session(config=c) else: Session(config=c)`
    if _loop_around(analysis, site.def_stmts[0]) is not None:
        return None
    statements: list[cst.BaseStatement] = []
    for call in site.session_calls:
        stmt = analysis.statement_of(call)
        guard = None
        if stmt is None:
            found = _conditional_expression_branch(analysis, call)
            if found is None:
                return None
            ifexp, negate = found
            impure = impure_part(analysis, ifexp.test)
            if impure is not None:
                site.fail(call, CODE_FOLLOW, f"this session is made under a conditional expression whose test may "
                          f"do more than read (`{impure}`); the tf.config calls would evaluate it again" + LEFT)
                return []
            stmt = analysis.statement_of(ifexp)
            if stmt is None:
                return None
            guard = (ifexp.test, negate)
        if not _only_passable_between(analysis, stmt, site.block):
            return None
        site.session_guards[stmt] = guard
        if stmt not in statements:
            statements.append(stmt)
    return statements


def one_session_on_every_path(analysis, site) -> bool:
    """`if FLAGS.frozen: ... Session(graph=g, config=c) else: ... Session(config=c)`: one
    if/elif/else after the config, whose test only reads, with an else, and exactly one
    session of the config in each arm, made whenever the arm runs. Then every run that
    makes the config makes one such session, as with no `if`, and TF1 applied the config
    in every run."""
    body = list(getattr(site.block, "body", ()))
    tops = set()
    for call in site.session_calls:
        top = call
        while top is not None and analysis.parent(top) is not site.block:
            top = analysis.parent(top)
        tops.add(id(top))
    top = next((s for s in body if id(s) in tops), None)
    if len(tops) != 1 or not isinstance(top, cst.If) or site.def_stmts[-1] not in body \
            or body.index(top) < body.index(site.def_stmts[-1]):
        return False
    arms: list[cst.BaseSuite] = []
    branch: object = top
    while isinstance(branch, cst.If):
        if impure_part(analysis, branch.test) is not None:
            return False
        arms.append(branch.body)
        branch = branch.orelse
    if not isinstance(branch, cst.Else):
        return False
    arms.append(branch.body)

    def arm_of(call: cst.CSTNode) -> Optional[cst.BaseSuite]:
        cur = call
        while cur is not None and not any(cur is arm for arm in arms):
            cur = analysis.parent(cur)
        return cur  # type: ignore[return-value]

    made = [arm_of(c) for c in site.session_calls]
    return all(sum(1 for m in made if m is arm) == 1 for arm in arms) and all(
        analysis.condition_between(c, arm_of(c)) is None for c in site.session_calls)


def _conditional_expression_branch(analysis, call: cst.Call):
    """(the `a if test else b` whose branch `call` is, True if it is the `else` branch)."""
    cur, par = call, analysis.parent(call)
    while par is not None and not isinstance(par, cst.IfExp):
        if isinstance(par, (cst.BaseSuite, cst.BaseStatement, cst.Lambda, cst.BaseComp, cst.BooleanOperation)):
            return None
        cur, par = par, analysis.parent(par)
    if par is None or cur is par.test:
        return None
    return par, cur is par.orelse


def _only_passable_between(analysis, stmt: cst.CSTNode, block: cst.CSTNode) -> bool:
    cur = analysis.parent(stmt)
    while cur is not None and cur is not block:
        if not isinstance(cur, _PASSABLE):
            return False
        if isinstance(cur, cst.If) and isinstance(analysis.parent(cur), cst.If):
            return False  # an `elif`: fine in itself, but keep the rule simple to read
        cur = analysis.parent(cur)
    return cur is block


def keep_blank_line(analysis, site, comments: Sequence[cst.EmptyLine]) -> list:
    """The blank line above the removed config, given to the statement after it."""
    from tfmigrate.rule import Replace

    if not comments or comments[0].comment is not None:
        return []
    body = list(getattr(site.block, "body", ()))
    start = body.index(site.def_stmts[0]) if site.def_stmts[0] in body else len(body)
    follower = next((st for st in body[start + 1:] if st not in site.def_stmts), None)
    if follower is None or any(line.comment is None for line in follower.leading_lines):
        return []
    for stmt in site.session_statements or ():  # replaced whole, it would lose the edits inside it
        cur = stmt
        while cur is not None and cur is not follower:
            cur = analysis.parent(cur)
        if cur is follower:
            return []
    return [Replace(follower, follower.with_changes(leading_lines=[comments[0], *follower.leading_lines]))]


def guarded(analysis, stmts: list[cst.BaseStatement], guard) -> list[cst.BaseStatement]:
    """`stmts` under `if <test>:` (or `if not (<test>):`) for a session in a conditional expression."""
    if guard is None or not stmts:
        return stmts
    test, negate = guard
    test = test.deep_clone()
    if negate:
        test = cst.UnaryOperation(cst.Not(), _parenthesized(test))
    return [cst.If(test=test, body=cst.IndentedBlock(body=stmts))]


def crossed_before(analysis, site, stmt: cst.CSTNode) -> list[cst.CSTNode]:
    """What runs between the config's first statement and `stmt`: the statements of the
    config's block after it (not its own), and in each block around `stmt` those before
    it, with the tests of the `if`s on the way."""
    found: list[cst.CSTNode] = []
    cur = stmt
    while cur is not site.block and cur is not None:
        par = analysis.parent(cur)
        body = list(getattr(par, "body", ())) if isinstance(getattr(par, "body", None), (list, tuple)) else []
        if cur in body:
            earlier = body[: body.index(cur)]
            if par is site.block:
                earlier = earlier[body.index(site.def_stmts[0]) + 1:]
            found += [s for s in earlier if s not in site.def_stmts]
        if isinstance(par, cst.If):
            found.append(par.test)
        cur = par
    return found
