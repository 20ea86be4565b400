#!/usr/bin/env python3
"""Writes docs/diagnostics.md from the golden fixtures (examples) and the prose below.

Run after re-recording goldens: python3 scripts/make-diagnostics-doc.py
With --check (CI) it writes nothing and fails when either output differs from what it would write.
"""
import json
import os
import sys

CHECK = '--check' in sys.argv[1:]
STALE = []

def write(relative, text):
    path = os.path.join(ROOT, relative)
    if CHECK:
        current = open(path).read() if os.path.exists(path) else None
        if current != text:
            STALE.append(relative)
        return
    open(path, 'w').write(text)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, 'Tests/Fixtures/diagnostics')

# code -> (meaning, fix, remark or None)
P = {
'untranslated-state-words': (
 "In an app with several locales, words get into a state value and a text, a list's row, a toast or a push shows it: the words reach people in the flows' language whatever the locale, since no key of the String Catalog holds them. Every way is followed: a `set:` or `append:` of words (`set: { status_word: \"'Payment processing'\" }`, `'Delete ' + name`), a state value's `initial:`, a derived value whose value is words, a copy from a value that holds words, and a field of a service's answer named as prose (`event.reason`, `event.message`), which comes in one language. Words written inside a text's own braces (`{offline ? 'You\\'re offline' : ''}`, `{'Sent to ' + name}`) are warned about too, in an app of one locale as well: the String Catalog then holds code where a translator expects words. Only literals with a space and a letter count as words; one-word codes the flows compare against (`'loading'`) and a space between two values do not.",
 "Write a text shown only sometimes with `when:` (`offline_banner: { text: You're offline, when: offline }`). Keep a fact in state and the words in a text: `home_error: true` and `error: { text: Unable to load account information, when: home_error }`; or keep the status as an enum (`TransferStatus.pending`) labelled `Payment processing` and show it with `{transfer.status}`. For a service's words, ask it for a code and show the code's label.",
 None),

'catalog-translation-changed': (
 "A String Catalog flowc wrote (`generated/<App>.xcstrings`) was edited since (its bytes no longer match the fingerprint in `generated/string-catalogs.txt`), and a translation in it reads differently from the flows' `translations:`. The flow files are the source of the app's words, so the build stops (writing nothing, so the translator's catalog is kept) until the flows say the same.",
 "Copy the translator's words into the flows: the note gives the line to write under `translations:` (values back as `{expression}`). Then `flowc build` writes the catalog again, equal to the flows. If the flows are right, restore the catalog from version control.",
 None),
'catalog-translation-added': (
 "An edited String Catalog has a translation the flows lack: a locale's value for a text, message or label that has no translation into it in the flows, or a key no text of the flows has.",
 "Write the translation into the flows' `translations:` (the note gives the line); a key no text has cannot be translated: add the text to the flows first, or remove it from the catalog.",
 None),
'catalog-translation-removed': (
 "An edited String Catalog lacks a translation the flows have.",
 "If the translation should go, remove it from the flows' `translations:`; otherwise restore it in the catalog.",
 None),

'unknown-component': (
 "A screen's `use:` names a component no file of the app declares under `components:`.",
 "Correct the name (the note gives the closest declared one), or declare the component under `components:` in any file of the app.",
 None),
'missing-component-argument': (
 "A screen uses a component without an argument for one of its parameters, and the parameter has no `default:`.",
 "Pass it with the use (`- bank_picker: { next: consent, suggested: Bank.monzo }`), or give the parameter a default in the component (`suggested: { type: Bank, default: Bank.monzo }`).",
 None),
'unknown-component-argument': (
 "A use of a component passes an argument the component has no parameter for (often a misspelt one).",
 "Correct the argument's name (the note lists the component's parameters), or declare the parameter under the component's `parameters:` and use it as `${{ name }}` in the body.",
 None),
'component-argument-type': (
 "An argument does not fit its parameter: a `screen`, `event` or `name` parameter given a mapping or a list, or a name that is not written as one; a parameter with a type (`suggested: Bank`) given an expression of another type. An argument whose expression does not check is reported by the expression checker at the argument, with a note at the parameter.",
 "Pass what the parameter asks for: a screen ID for `screen`, an event name for `event`, a snake_case name for `name`, any words for `words`, an expression of the type for a typed parameter (`Bank.monzo`, `\"bank == null ? Bank.monzo : bank\"`).",
 None),
'component-clash': (
 "Two components used on one screen give it an entry of the same name: the same field, text, transition, timer or variant. flowc cannot tell which one the screen means, so it keeps the first.",
 "Rename the entry in one of the components (a parameter of kind `name` can name it per use), or write the entry on the screen itself: an entry the screen writes replaces the components' entries of that name.",
 None),
'recursive-component': (
 "A component uses itself, directly or through other components (`legal → footer → legal`): putting it in would never end.",
 "Remove one of the uses in the loop; move the shared part into a third component that both use.",
 None),
'unknown-component-parameter': (
 "A component's body refers to `${{ name }}` where `name` is not one of its parameters. The component is not put into any screen until it is fixed (the screens that use it are not checked for dead ends meanwhile).",
 "Correct the reference (the note gives the closest parameter), or declare the parameter under `parameters:`.",
 None),
'alias-limit': (
 "A file uses YAML anchors and aliases (`&name` / `*name`) that expand to more than two million values, the classic \"billion laughs\" trick; flowc stops reading the file.",
 "Flow files never need anchors and aliases: write each value out, and use `include:` to split a big app into files. If a tool generated the file, generate it without aliases.",
 None),
'symlinked-folder': (
 "A folder inside the app's folder is a symbolic link. flowc does not follow it: a link could bring in another app's files, or (a link to `/`) the whole disk, and a build must read only what is really in the app's folder.",
 "Move or copy the folder into the app's folder, or include the files you meant from where they really are inside it. A link to a single flow file inside the app's folder is fine.",
 None),
'timer-too-frequent': (
 "A recurring timer (`app.every`) is shorter than one second. It fires wherever the person is for as long as the app runs, so every scenario, `flowc run` session and exploration would take thousands of steps a minute (`every: 1ms` made one Rail scenario take 16 s and 1 GB).",
 "Poll as often as the product really needs (`every: 15s`, `every: 1m`). To react to something that happens at once, use an event or a service outcome instead of a timer.",
 None),
'ambiguous-transition': (
 "An event has two alternatives without an `if:`, so flowc cannot tell which one to take.",
 "Give the first one a guard (`if:`), or delete the one you don't want. Only the last alternative of a list may go without `if:`; it is the \"otherwise\".",
 None),
'assign-to-derived': (
 "A `set:` (or `append:`) writes to a derived value; derived values are computed from state and cannot be set.",
 "Set the state value the derived value is computed from instead (here `phone_country`, from which `phone_dial_code` follows), or make it a state value if it really is stored.",
 None),
'invalid-timer-length': (
 "A timer is written with the name of a state or derived value (`after: { session_timeout: ... }`), but that value is not a `duration`, or may be null: a timer cannot last a yes/no, a text or nothing.",
 "Name a `duration` value that always has one (`session_timeout: { type: duration, initial: 5m }`), or write the length itself (`5m`).",
 None),
'conflicting-keys': (
 "A mapping has two keys where only one is allowed: two rule keys in one rule, two actions in one list item, two steps in one scenario step, two targets (`to:` and `overlay:`) in one transition, both `enum` and `record` in a type, or two kinds under `verified_by`.",
 "Split them into separate list items (one rule, action or step each), or keep only one of the targets.",
 None),
'criterion-unlinked': (
 "An acceptance criterion names no screen and no transition, so reports cannot show where it applies.",
 "Add `screens: [...]` with the screens it is about, or `transitions: [\"<screen ID> <event>\"]`, or both.",
 None),
'cross-flow-target': (
 "A screen of a flow that runs as a sub-flow leads with `to:` to a screen of another flow. The sub-flow would never finish: the app would show the other flow with the call still open, and nothing to return to.",
 "End the sub-flow with an outcome (`end: home`) and route it in the caller's `returns:` (`home: STEP-13`); or, for something that applies everywhere (session expiry, app lock), use an app-wide transition (`app: { on: ... }`). Flows never run as sub-flows are sections of the app and may lead to each other with `to:`.",
 None),
'recurring-timer-target': (
 "A recurring timer (`app.every`) has a target (`to:`, `overlay:`, `flow:`, `end:` or `back`). Recurring timers fire wherever the person is in the app, so moving them elsewhere every so long would take the app out of their hands.",
 "Give the timer actions only (`set`, `call`, `raise`, `analytics`...), and let the screens react to the state it sets or the event it raises; a timeout that moves the person belongs on a screen or a flow (`after:`).",
 None),
'back-blocked-trap': (
 "A screen blocks the system back (`back: blocked`) and every transition or timer that leaves it has a condition: when none holds, nothing gets the person off the screen. App-wide transitions (`app.on`) do not count as ways out (they answer events that may never come on this screen, such as an integrity check), nor do a flow's global transitions for events the screen handles itself (they never run there).",
 "Add a way out without `if:` (an unlock, a cancel button, a timer), or mark the screen `terminal: true` if the app really stops there.",
 None),
'unmarked-secret': (
 "A field is named like a secret (a word of its name is `pin`, `keycode`, `passcode`, `password`, `cvv`, `otp`...) but does not say `secret:`. Without it, what the person types stays in the form after the screen is left, and is written into every snapshot the app saves, in plain text.",
 "Add `secret: true` to the field: what is typed is forgotten once the screen is left (the transition's own actions still read it) and never saved. If the field only looks like a secret (a PIN length, a hint), say `secret: false`.",
 None),
'false-survivor-explanation': (
 "A criterion's `survivors:` gives a reason that the mutation run proves untrue: it names a scenario or criterion that does not fail on the change, says another scenario or criterion catches it without naming one, or calls the change equivalent without saying why. Its survivors count as unexplained. Only `flowc mutate` (a complete run) reports it; `flowc mutate --check` fails on it.",
 "Name the scenario that really catches the change (`mutation.md` lists who kills each mutant), give the real reason, or add the scenario the criterion lacks and remove the entry.",
 None),
'unreached-concerns': (
 "A criterion's `concerns:` name only screens that none of its scenarios ever reaches, so no change to what it says it is about can be caught: its score measures nothing. Reported by `flowc mutate`.",
 "Name in `concerns:` what the scenarios check, or add a scenario that gets to the screen and checks what the criterion states.",
 None),
'stale-survivor-explanation': (
 "A criterion's `survivors:` explains a mutant that is no longer a survivor of it: its key names no mutant touching the criterion (the change, the flows or the criterion's `concerns:` changed), or its evidence kills that mutant now. Only `flowc mutate` (a complete run) reports it; `flowc mutate --check` fails on it.",
 "Remove the entry when the mutant is killed now; otherwise copy the survivor's key again from `mutation.md` (\"Survivors by criterion\") and check that the reason still holds.",
 None),
'dead-end': (
 "A screen has no way out: no transition or timer leaves it, and it is not marked as a legitimate end.",
 "Add the missing transition (a button, a timer, `back`), or mark the screen `terminal: true` if the app or flow really may stop there.",
 None),
'duplicate-declaration': (
 "The same name is declared twice in one app: a state value, type, flow, screen ID, scenario, enum case, record field, option, or app ID. Names are shared by all files of an app.",
 "Rename one of the two or delete the copy. The note says where the first one is.",
 None),
'duplicate-include': (
 "The root file's `include:` list names the same file twice.",
 "Delete the second line.",
 None),
'duplicate-item': (
 "A list that is a set names one item twice: a criterion's `screens`, `transitions`, `concerns` or `verified_by: scenarios`, a requirement's `encoded_by`, `proved_by` or `sections`, a flow's `outcomes`, the app's `locales`, a property's `unless_after`. A scenario named twice would count as two pieces of evidence in the acceptance report.",
 "Delete the second one (the note points at the first).",
 None),
'duplicate-key': (
 "A key appears twice in the same YAML mapping (two `tap_continue:` under one `on:`, two `label:` in one field). flowc keeps the first and ignores the second.",
 "Delete one of the two, or merge them. If you meant two different events, give the second its own name.",
 None),
'duplicate-rule': (
 "A field has two rules of the same kind (two `min_length`, two `pattern`, ...). Each rule key may appear once per field.",
 "Keep the one the spec asks for and delete the other. If you really need a second condition of the same kind, write it as a `check:` rule with its own message, or give each rule the `when:` in which it applies.",
 None),
'empty-enum': (
 "An enum type lists no cases.",
 "List its cases, `enum: [face_id, fingerprint]`, or delete the type if nothing uses it.",
 None),
'empty-flow': (
 "A flow has no screens.",
 "Add its screens, or remove the flow (and the transitions into it) until the screens are written.",
 None),
'empty-message': (
 "A validation rule's `message` or a criterion's `text` is empty. Users would see an empty error, and a report an empty criterion.",
 "Write the exact text: for a rule, the error message the spec shows when it fails; for a criterion, the spec's words verbatim.",
 None),
'expression-syntax': (
 "An expression (a guard, a check, a value) is not written correctly: a stray `=`, a missing bracket, an unclosed quote.",
 "Correct the expression at the caret; the note usually says what was meant (`==` to compare, `&&` for and, `||` for or). See the Expressions section of the language reference.",
 None),
'expression-too-complex': (
 "An expression is nested too deeply (brackets inside brackets, more than flowc accepts) or is longer than 10,000 characters.",
 "Drop the extra brackets, or split the expression into named derived values and combine those.",
 None),
'file-too-large': (
 "A flow file is bigger than 16 MiB; flowc does not read it.",
 "Split the file into several files and list them under `include:` in the root file. (A flow file this big was usually generated by a tool by mistake.)",
 None),
'ignored-key': (
 "A field has a key that does nothing for its type: `currency` on a field that is not `money`, `country` on a field that is not `phone`.",
 "Change the field's `type` if the key is right (a mobile number is `type: phone`), or delete the key.",
 None),
'include-cycle': (
 "The root file lists itself under `include:`.",
 "Delete `app.flow.yaml` from the `include:` list; the root file is always part of the app.",
 None),
'include-in-part': (
 "A file other than the root file has an `include:` list. Only the root file (the one with `app:`) includes files.",
 "Move the paths to the `include:` list of `app.flow.yaml` (if they are not there already) and delete `include:` from this file.",
 None),
'include-not-flow-file': (
 "An `include:` path does not end in `.flow.yaml`.",
 "Rename the file so it ends in `.flow.yaml` (`questions.flow.yaml`) and list it under that name.",
 None),
'include-not-found': (
 "A file listed under `include:` does not exist.",
 "Check the spelling of the path (it is relative to the root file's folder), or create the file.",
 None),
'include-outside-app': (
 "An `include:` path leads outside the app's folder: it starts with `/` or `~`, contains `..`, or follows a symbolic link out of the folder.",
 "Move the file into the app's folder (sub-folders are fine) and list it with a path relative to the root file, e.g. `cards/controls.flow.yaml`.",
 None),
'input-not-found': (
 "A path given to `flowc check` or `flowc build` does not exist.",
 "Check the path on the command line. With no path, flowc reads `flows/` in the current folder; run it where `flows/` is, or name the folder (`flowc check <folder>`, `flowc test --flows <folder>`): the note says so when `flows/` is missing.",
 None),
'invalid-currency': (
 "A currency is not written as an ISO 4217 code (three capital letters): in `app.currency` or in a money field's `currency`.",
 "Write the code: `GBP`, `EUR`, `USD`, not `£`, `gbp` or `EURO`.",
 None),
'invalid-duration': (
 "A timer delay or a scenario's `advance:` is not a duration flowc understands.",
 "Write a whole number followed by a unit, with no space: `500ms`, `30s`, `5m`, `1h`, `2d`; a timer may also name a `duration` value of the state (`session_timeout`).",
 None),
'invalid-field-type': (
 "A field's `type` is not one of the field types.",
 "Use one of the types listed in the message. Codes and PINs are `digits(N)` with the number of digits, e.g. `digits(6)`; free text is `text`.",
 None),
'invalid-literal': (
 "A value written inside an expression is not valid: an unknown currency code in a money amount, a bad number, a bad duration or escape, or a literal argument (a country, a date, a rounding mode) that cannot be right.",
 "Correct the value at the caret; the note suggests the closest valid one.",
 None),
'invalid-macro': (
 "A list helper (`all`, `exists`, `exists_one`, `map`, `filter`) is called the wrong way: not after a list, or without a name for each element.",
 "Write the list first and name each element: `applicant.purposes.exists(p, p == 'business_expenses')`.",
 None),
'invalid-name': (
 "A name does not follow the naming rules: screen IDs like `ONB-004`, type names in UpperCamelCase (`Applicant`), everything else (fields, state, events, flows, enum cases, analytics events) in snake_case (`given_name`).",
 "Rename it as the message shows, and update the places that use it (`form.given_name`, `fill: { given_name: ... }`).",
 None),
'invalid-regex': (
 "A `pattern` rule is not a valid regular expression (often an unclosed `[` or `(`).",
 "Correct the pattern. Here the character class `[A-Za-z0-9 -` is never closed: `\"[A-Za-z0-9][A-Za-z0-9 -]{1,9}\"`. Remember that the pattern must match the whole value.",
 None),
'invalid-type': (
 "A type (of a state value, a record field, an event payload, a service input or output) is not one of the language's types and not an UpperCamelCase type name.",
 "Use `bool`, `int`, `decimal`, `money`, `text`, `date`, `timestamp`, `duration`, `list<T>`, `T?`, or a type you declared under `types:`. The note suggests the closest one (`string` is `text`).",
 "The `type-mismatch` error comes from the same mistake: a value whose type is unknown cannot be compared. It goes away once the type is fixed."),
'invalid-utf8': (
 "The file is not saved as UTF-8: it has a byte that is not valid UTF-8 (often a `£`, `€` or accented letter saved by an editor in Windows-1252 or Latin-1).",
 "Save the file as UTF-8 (in most editors: \"Save with encoding\" → UTF-8) and retype the character at the caret.",
 None),
'invalid-utf8 ': None,
'invalid-value': (
 "A value is not one of those allowed: a screen's `presentation` or `back`, a field's `country`, a transition reference in a criterion, a scenario's `given.clock`, an `equals_field` that names its own field.",
 "Use one of the values the message lists. A bottom sheet is `presentation: sheet`.",
 None),
'misplaced-app': (
 "A file other than the root file has an `app:` section. Each app has exactly one `app:`, in `app.flow.yaml`.",
 "Delete the `app:` section from this file; the root file's `app:` applies to all files of the app.",
 None),
'misplaced-key': (
 "A key is used where it has no meaning: `returns:` in a transition without `flow:`.",
 "`returns:` goes with `flow:` only (it says where each outcome of a sub-flow leads). For a plain screen change keep `to:` alone; to run a sub-flow, write `flow: <flow>` instead of `to:`.",
 None),
'missing-app': (
 "The root file of an app (`app.flow.yaml`) has no `app:` section. This is reported when you check one file of the app and flowc looks for its root file; when you check the app's folder you get `no-app` instead.",
 "Add an `app:` section with `name`, `currency`, `locale` and `start` to `app.flow.yaml`.",
 None),
'missing-argument': (
 "A `call:` does not pass an input the service operation needs.",
 "Pass every input under `with:`: `call: { service: equals.log_in, with: { keycode: form.keycode } }`.",
 None),
'missing-evidence': (
 "A criterion says it is verified by scenarios but the list is empty.",
 "Name the scenarios that prove it, or remove `verified_by:` for now (the criterion is then reported as uncovered).",
 None),
'missing-initial': (
 "A state value has no `initial` value and its type cannot start empty (money, dates, timestamps, durations and enums need one).",
 "Add `initial:`; a money balance gives its currency, `initial: 0.00 GBP`. Or make the type optional (`money?`) if \"no value yet\" is meaningful.",
 None),
'missing-key': (
 "A required key is missing: a screen's `name`, a field's `type`, a rule's `message`, a flow's `start`, an app's `currency`, a question's `assumption`, ... The message names the key and what to put in it.",
 "Add the key. For a rule, the `message` is the exact error text the spec shows when the rule fails.",
 None),
'missing-options': (
 "A `choice` or `multi_choice` field lists no `options`.",
 "Add the options, as a list (`options: [uk, eu]`) or with labels (`uk: UK`).",
 None),
'missing-outcomes': (
 "A service operation lists no outcomes, so nothing can come back from it.",
 "List every way it can end under `outcomes:`, e.g. `sent: {}` and `failed: {}`, each with its `output` if it returns data.",
 None),
'missing-reason': (
 "A criterion is marked `not_automatable` without saying why.",
 "Write the reason it cannot be checked headlessly (\"Cold-start time is measured on real devices\"). If it can be checked, write a scenario instead.",
 None),
'multiple-documents': (
 "A file holds more than one YAML document (a line with `---` in the middle of the file). A flow file is one document.",
 "Delete the `---` line and merge the two halves (one `questions:` key, not two), or move the second half into its own file and include it.",
 None),
'nesting-too-deep': (
 "The YAML is nested more than 64 levels deep; flowc stops reading the file.",
 "Flow files are never nested that deep: look for brackets `[` `{` that are opened and never closed, or a generated file that went wrong.",
 None),
'module-clash': (
 "Two apps have names that give the same Swift module (`My App` and `my-app` both give `MyAppFlow`; names with no Latin letters all give `Flow`). Their generated files would overwrite each other, so the second app is not generated.",
 "Give one of the apps another `name:` (the display name the module is made from).",
 None),
'no-app': (
 "flowc found flow files but none of them has an `app:` section, so there is no app to check (or the folder has no `.flow.yaml` file at all).",
 "Check the app's folder (not a sub-folder of it), and make sure its `app.flow.yaml` exists and starts with an `app:` section.",
 "The `orphan-file` warning comes from the same problem: without a root file, no file is included."),
'orphan-file': (
 "A `.flow.yaml` file in the app's folder is not listed under `include:`, so it is not part of the app and is not checked.",
 "Add it to the `include:` list of `app.flow.yaml`, or delete it if it is an old copy.",
 None),
'optional-to-required': (
 "A value that may be null (a `T?`: an optional state value, record field or payload field) goes where a value is required: a `set:` of a non-optional state value or field, an `append:` to a list, a required input of a `call:`, a guard, an initial or derived value, an operand of `+`, `<`... or an argument of a function (`year(birthday)`). At run time a null there would stop the app.",
 "Give the value to use when it is null with `??` (`quoted_fee ?? 0.00 GBP`), or rule null out first: a guard `if: quoted_fee != null` (or an earlier alternative `if: quoted_fee == null`) makes the value non-null in that transition's actions, a rule's `when: birthday != null` does for its check, and `x != null ? x : y` or `x != null && ...` does inside an expression. A field's `default:` and `fill:` may be null: the field is then left empty.",
 None),
'overlapping-guards': (
 "Two alternatives of the same event have guards that can both be true (the same guard twice, or ranges of the same value that overlap), so the second is taken only sometimes and the intent is unclear.",
 "Make the guards exclusive, so that at most one can hold: here `failed_keycode_attempts >= 3` and `failed_keycode_attempts == 2`.",
 None),
'recursive-flow': (
 "A transition starts the flow it is already in as a sub-flow.",
 "Go to a screen of the flow instead (`to: ONB-004`), or end the flow with `end:`.",
 None),
'rule-not-applicable': (
 "A validation rule is used on a field type it does not fit, e.g. `min_age` (dates only) on a `text` field.",
 "Change the field's `type` (a date of birth is `type: date`), or use a rule that fits, or a `check:`.",
 None),
'start-outside-flow': (
 "A flow's `start` names a screen that belongs to another flow.",
 "Name the first screen of this flow (here `ONB-W01`).",
 "The `unreachable-screen` warning comes from the same mistake: with no valid start, nothing in the flow can be reached."),
'tab-indentation': (
 "A line is indented with a tab; YAML only allows spaces.",
 "Replace the tab with spaces (two per level in flowc files). Most editors can show tabs and convert them.",
 None),
'timer-loop': (
 "A timer of no length (`after: 0s`) leads back to where it starts again: the screen itself, or (for a flow's timer) any screen of its flow. It would fire again at the same instant, forever, and a run would never finish.",
 "Give the timer a length (`after: 1s`), or lead it somewhere that does not restart it. (A loop through several screens' zero-length timers is stopped at run time after 1,000 firings at one instant.)",
 None),
'type-mismatch': (
 "Values of different types are mixed: money compared with a bare number, text where a yes/no is expected, `append` to something that is not a list, `equals_field` between fields of different types.",
 "Make both sides the same type. Money always carries its currency: `balance < 4.99 GBP`.",
 None),
'unexpected-tag': (
 "A value starts with `!`, which YAML reads as a tag instead of as text. In flowc this almost always means an expression starting with `!` (not) that was not quoted.",
 "Quote the whole expression: `check: \"!is_sequence(value)\"`.",
 None),
'unhandled-event': (
 "An event is raised with `raise:` but no transition handles it, so nothing will happen.",
 "Correct the event's name (the note suggests the closest handled event), or add a transition for it.",
 None),
'merge-key': (
 "A mapping uses a YAML merge key (`<<: *anchor`). Merge keys belong to YAML 1.1, not to YAML 1.2, which flowc reads, so the keys would not be merged; flowc says so once instead of reporting each of them as unknown.",
 "Alias the whole value instead (`on: *bank_picker`), or write the keys out. docs/language.md ('Reuse: YAML anchors') says what anchors can and cannot do.",
 None),
'invalid-call-policy': (
 "An operation's `timeout:` or `when_left:` cannot work: the timeout's length is not a duration above zero, its outcome is not one of the operation's outcomes, or that outcome has output (nobody sends a timeout, so nothing could fill it); or `when_left` is neither `cancel` nor `wait`.",
 "Write `timeout: { after: 2m, outcome: timed_out }` with a length above zero and an outcome of the operation declared without output (`timed_out: {}`), and `when_left: cancel` or `wait`.",
 None),
'call-can-wait-forever': (
 "A service call of an operation with no `timeout:` waits on a screen the person cannot leave otherwise: back is blocked, no event but the operation's answers is handled there, and no timer runs. If the service never answers (a closed bank page, a lost webhook) the person stays there for ever.",
 "Give the operation a timeout and handle its outcome (`timeout: { after: 2m, outcome: timed_out }`, `bank.authorise.timed_out: consent`), or give the screen a way out: a cancel button, a timer, or the system back.",
 None),
'late-answer-unhandled': (
 "A service call keeps waiting after its screen is left (`when_left: wait`, the default), so its answer can arrive on the screen the person moves to next (by a tap, `back`, a timer, a flow's or the app's transition), and nothing there handles it: at run time the answer is ignored. With `when_left: cancel` the call is forgotten when its screen is left, but a sheet opened over the screen does not leave it, so the answer can still arrive on the sheet. Only the next screen is followed; `flowc explore` finds answers that arrive further on.",
 "Decide what the answer means once the person has moved on. If it no longer matters (the account picker, the paywall's price, a permission alert belong to their screen), write `when_left: cancel` on the operation: leaving forgets the call and its answer. If it still matters wherever the person is (a purchase that went through, a background refresh), handle it in the flow's or the app's `on:`. To ignore it on purpose on one screen, say why with a transition that only has a note: `google.sign_in.cancelled: { note: ... }`.",
 None),
'unhandled-outcome': (
 "An outcome goes nowhere: a sub-flow can end with an outcome that the calling transition's `returns:` does not route; or a service operation can answer with an outcome that the screen the answer arrives on (the screen of an `enter:` call, or where the calling transition stays or leads) does not handle, nor its flow's or the app's `on:`. At run time such an answer is ignored. The coverage report lists these per screen.",
 "Add the outcome under `returns:` with where it leads (`declined: ONB-014`); handle the service outcome on that screen or in the flow's `on:`. To ignore an answer on purpose, say so with a transition that only has a note: `veriff.create_session.unavailable: { note: Veriff's page retries by itself. }`.",
 None),
'unknown-argument': (
 "A `call:` passes an input the service operation does not have.",
 "Use the input's declared name (the note suggests it), or add the input to the operation under `services:`.",
 None),
'unrounded-money': (
 "Money is multiplied by a decimal or divided, which can leave a fraction of the currency's minor unit (`10.01 USD * 0.70` is 7.007 USD). flowc never keeps, compares, shows or sends such an amount without a rounding the author chose.",
 "Wrap it in `round(...)` (half-even to the minor unit), `round(x, places, 'half_up')` for another rule, `round_up(...)`, or split an amount exactly with `allocate(amount, [70, 30])` so the parts add up to it. Multiplying by a whole number needs nothing.",
 None),
'unknown-locale': (
 "A locale flowc has no text conventions for (it writes dates, money and lists for de-DE, en-GB, en-US and fr-FR), a `translations:` block for a locale the app does not list under `locales:`, or a scenario's `locale:` the app does not ship.",
 "Use one of the locales flowc knows, add the locale to the app's `locales:`, or remove the translations. The source locale (`app.locale`) has no translations: its texts are the flows' own.",
 None),
'missing-locale-state': (
 "An app lists several `locales:` but no state value holds the one shown now: `locale` (text) by default, or the state `current_locale:` names. With an enum, every locale needs a case named after it (`fr` or `fr_fr` for fr-FR).",
 "Add `locale: { type: text, initial: \"'en-GB'\", persist: true }` under `state:` and switch it with `set:`, or point `current_locale:` at the preference the app already has (YOLE: `current_locale: language`).",
 None),
'missing-translation': (
 "A text people read (a screen's text, a field's label, placeholder or hint, an option's label, a toast, a push, a rule's message, an enum label) has no translation into one of the app's locales; that locale would show the source words. A component's text is reported once, at the component.",
 "Add it under `translations: <locale>: texts:` with the key the message names (a screen's text is `<screen>.<name>`, a field's label `<screen>.<field>.label`, a component's text `component.<component>.<name>`, an enum label `<Enum>.<case>`, anything else its words; docs/language.md lists every kind). generated/<App>.xcstrings lists every key.",
 None),
'unknown-translation': (
 "A translation's key is not the key of any text of the app, so it is never shown: the text was renamed or reworded, the key is misspelt, or the text now comes from a component (keyed `component.<component>.<name>` once, not per screen).",
 "Use the key the note suggests (the closest existing one), or delete the translation. Toasts, pushes and messages are keyed by their exact words: reword the translation's key with the text.",
 None),
'text-key-clash': (
 "Two different texts get the same key in the String Catalog (an option named `label` beside the field's own label, `<screen>.<field>.label`; a list and a field of one name), so one translation would show for both. The same words shown on several screens (a toast, a component's text) are one text and are not reported.",
 "Rename one of them (the option, the list or the text) so each has a key of its own.",
 None),
'translation-values': (
 "A translation leaves out a value its source text shows, or shows one the source does not. A translation may word a value differently (`{format_money(balance)}` for `{balance}`), but shows the same values.",
 "Put the same values in, in the order the language needs: `Solde : {balance}` for `Balance: {balance}`.",
 None),
'list-not-a-list': (
 "The `rows:` of a screen's list is not a list: a number, a text, a record, or a list that may be null. A screen can only show rows of a list.",
 "Name a list of the state or a derived list (`rows: assets`), or narrow one (`rows: assets.filter(a, a.category == AssetCategory.cash)`); for a list that may be null, give the one to use then (`rows: saved ?? []`).",
 None),
'invalid-list-key': (
 "A list's `key:` is neither a text nor a whole number. The key tells rows apart (the row's id in SwiftUI, what `tap_row: { key: … }` finds), so it must read the same way everywhere.",
 "Use the element's identifier, as in `key: asset.id`, or leave `key:` out to tell rows apart by position.",
 None),
'row-event-payload': (
 "A tap on a row of a list sends an event whose payload the row cannot fill: the event carries nothing, or a payload field is neither `row` (the element), `index` (its position), `key` (the list's key) nor a field of the element, or its type is not the row's.",
 "Declare the event with the payload a row gives: `asset_tapped: { payload: { id: text } }` takes the tapped asset's `id`; `index: int` its position; `row: Asset` the whole element.",
 None),
'missing-label': (
 "An enum labels some of its cases (`labels:`) but not all; the others would read as their case names (`paused`) where a text shows the value.",
 "Label every case, or none.",
 None),
'unknown-effect': (
 "A scenario expects an effect (analytics event, push, toast or call) that no action of the app emits.",
 "Use the exact name or text the app emits (the note suggests the closest), or add the action that emits it.",
 None),
'text-for-enum': (
 "Text is written where an enum is expected (compared with, set into or listed with an enum value): `plan == 'premium'` where `plan` is a `Plan`. Text and enum cases are different types; flowc never quietly reads one as the other.",
 "Write the case, as the note says: `Plan.premium` (or the bare case `premium` where a `Plan` is expected).",
 None),
'unknown-enum-case': (
 "An expression names a case that the enum does not have.",
 "Use one of the enum's cases (the note suggests the closest), or add the case to the enum.",
 None),
'unknown-event': (
 "A scenario sends an event that no screen of the app handles, or an `on:` key looks like a service result but is not written `service.operation.outcome`.",
 "Send an event a screen handles (the note suggests the closest), or add the transition for it.",
 None),
'internal-event': (
 "A scenario sends an event the flows raise themselves (`raise:`). Such an event stands for something the flows decided, not for what a person or a service does, so the app never receives it from outside: `flowc run` refuses it, and the generated `Event` enum's case for it cannot be built outside the generated module.",
 "Send the event (a tap, a service outcome) that makes the flows raise it. If the outside world can really send it too, give that its own event.",
 None),
'unknown-field': (
 "A field name does not exist where it is used: `equals_field` or `country_field` naming a field that is not on the screen, or a scenario's `fill:` / `errors:` naming a field no screen has.",
 "Use the field's name as declared under `fields:` (the note suggests the closest).",
 None),
'unknown-flow': (
 "A flow name does not exist: in `app.start`, in a `flow:` target, or in a scenario's `flow:`.",
 "Use the name of a flow declared under `flows:` (the note suggests the closest).",
 None),
'unknown-function': (
 "An expression calls a function the language does not have.",
 "Use the function the note suggests, or look it up in the function library of the language reference (`size` for the length of a text).",
 None),
'unknown-invariant': (
 "A criterion is verified by an invariant that does not exist.",
 "Use the name of an invariant declared under `invariants:` (the note suggests the closest), or declare it.",
 None),
'unknown-static-proof': (
 "A criterion is verified by a static proof (`verified_by: { static: ... }`) that flowc does not have.",
 "Use one of the proofs the message lists (the note suggests the closest): `no_personal_data_in_analytics_or_pushes`, `screenshot_protected` or `loading_state_while_waiting` (see the language reference, Acceptance criteria).",
 None),
'static-proof-broken': (
 "A criterion is verified by a static proof over the flows, and the flows break it: a screen the criterion names does not carry `screenshot_protected: true`, or waits for a service's answer without a `loading: true` variant tied to the call. The criterion fails in the reports.",
 "Do what the message says on the screen it points at: add `screenshot_protected: true`, or a variant with `loading: true` whose `when` reads a value the call sets (`loading_history: true` beside the call) or its answer sets. If the criterion names a screen it is not about, take it out of `screens:`.",
 None),
'personal-data-leak': (
 "An analytics property or a push text is computed from data marked `personal: true` (on a state value or a field), directly or through derived values and values set from it. The message gives the whole path, from the property back to the marked value.",
 "Send something that is not personal instead (a reason code, a tier, a count, a pseudonymous ID), or take the personal value out of the push text. If the value is not personal after all, remove its `personal: true`.",
 None),
'unknown-property': (
 "A criterion is verified by a property that does not exist.",
 "Use the name of a property declared under `properties:` (the note suggests the closest), or declare it (see docs/explore.md).",
 None),
'unknown-key': (
 "A mapping has a key flowc does not know there, usually a typo (`lable` for `label`). The key and its value are ignored.",
 "Correct the key; the note suggests the closest allowed key, or lists them all.",
 None),
'unknown-member': (
 "A path or expression reads a field that the record does not have (`applicant.givenname`), or an event payload item that the event does not carry.",
 "Use the field's declared name (the note suggests the closest), or add the field to the record under `types:`.",
 None),
'unknown-message': (
 "A scenario expects a field error whose text is not the message of any rule of that field. Messages are compared exactly.",
 "Copy the message from the field's rule (the note suggests the closest), or correct the rule's message if the scenario has the spec's wording.",
 None),
'unknown-name': (
 "An expression uses a name that is not a state value, a derived value, or (where allowed) `form`, `event`, `value` or a list helper's element.",
 "Correct the name (the note suggests the closest), or declare it under `state:` or `derived:`. Text in expressions needs inner quotes: `\"'GB'\"`, not `GB`.",
 None),
'unknown-operation': (
 "A call names an operation the service does not have, or is not written `service.operation`.",
 "Use the operation's declared name (the note suggests the closest).",
 None),
'unknown-outcome': (
 "An outcome does not exist: an event `service.operation.outcome` with an outcome the operation does not have, a `returns:` entry the sub-flow does not declare, an `end:` outcome missing from the flow's `outcomes:`, or a scenario's outcome choice.",
 "Use one of the outcomes the message lists, or declare the new one.",
 "The `unused-declaration` warning comes from the same typo: the transition on the misspelt event is dropped, so `user_id` is never set. It goes away once the outcome is fixed."),
'unknown-criterion': (
 "A requirement of the traceability table (`requirements:`) is proved by a criterion that does not exist.",
 "Use the criterion's ID as declared under `criteria:` (the note suggests the closest), or write the criterion.",
 None),
'unknown-element': (
 "A requirement's `encoded_by:` names something that is no screen, field (`SCREEN.field`), flow, service, `service.operation`, state or derived value, event, invariant or scenario of the app.",
 "Name the flow element as it is declared (the note suggests the closest), or remove it if nothing in the flows encodes the sentence yet: then the sentence needs `not_automatable:` or `question:`.",
 None),
'unknown-question': (
 "A requirement points at an open question (`question:`) that does not exist.",
 "Use the question's ID as declared under `questions:` (the note suggests the closest), or write the question with the flows' assumption.",
 None),
'unknown-section': (
 "A requirement is in a section that `document: sections` does not list.",
 "Copy the heading exactly as listed (the note shows the closest and where it is listed), or add the document's heading to `document: sections` in its place in the document.",
 None),
'unknown-scenario': (
 "A criterion is verified by a scenario that does not exist.",
 "Use the scenario's name as declared under `scenarios:` (the note suggests the closest), or write the scenario.",
 None),
'unknown-screen': (
 "A screen ID does not exist: in a criterion's or question's `screens:`, a criterion's `transitions:`, or a flow's `start`.",
 "Use the ID of a declared screen (the note suggests the closest), copied verbatim from the spec.",
 None),
'unknown-service': (
 "A call names a service that is not declared.",
 "Use the service's declared name (the note suggests the closest), or declare it under `services:`.",
 "The `unused-declaration` warning comes from the same typo: the operation you meant now looks unused."),
'unknown-state': (
 "A `set:`, `append:`, `clear:` or scenario `state:` names a state value that is not declared (or clears `form` outside a screen).",
 "Use the name of a declared state value, or declare the new one under `state:` with its type and initial value.",
 None),
'unknown-target': (
 "A transition's `to:` or `overlay:` (or a scenario's `start:` or expected `screen:`) names a screen ID that does not exist.",
 "Use the ID of a declared screen (the note suggests the closest; look out for `O` and `0`).",
 None),
'unknown-transition': (
 "A criterion's `transitions:` entry names an event the screen does not handle.",
 "Write `\"<screen ID> <event>\"` with an event from the screen's `on:` (or a timer, `\"PAY-008 after 30s\"`).",
 None),
'unknown-type': (
 "A type name in UpperCamelCase is used but not declared under `types:`.",
 "Correct the name (the note suggests the closest), or declare the type.",
 None),
'unknown-variant': (
 "A scenario expects a variant that the screen does not have.",
 "Use one of the screen's variant names (the note suggests the closest).",
 None),
'unreachable-flow': (
 "A flow is never entered from the app's start: no transition runs it as a sub-flow and it is not `app.start`.",
 "Link to it (`flow: kyc` with its `returns:`), or remove it until it is needed.",
 None),
'unreachable-screen': (
 "A screen cannot be reached from the app's first screen by any transition, overlay, timer or sub-flow.",
 "Add the transition that leads to it (the spec usually says which button opens it), or remove the screen.",
 None),
'unreachable-transition': (
 "An alternative comes after one without `if:`, so it can never be taken: alternatives are tried in order and the unguarded one always wins.",
 "Move the unguarded alternative to the end of the list.",
 None),
'unreadable-input': (
 "A path given on the command line, or a file of the app, is not a regular file or folder (a device, a socket, a pipe) or cannot be read.",
 "Check the path and the file's permissions.",
 None),
'unused-declaration': (
 "Something is declared but never used: a type, a state or derived value nobody reads or sets, a service operation nobody calls, an event nobody handles.",
 "Use it where the spec needs it, or delete it.",
 None),
'unused-options': (
 "A field that is not `choice` or `multi_choice` lists `options`, which are never shown.",
 "Make the field `type: choice` (one answer) or `type: multi_choice` (several), or delete the options.",
 None),
'unverified-criterion': (
 "A criterion has no `verified_by:`, so reports will show it as uncovered.",
 "Add `verified_by:` with the scenarios or invariant that prove it, or `not_automatable:` with the reason. Leaving it uncovered on purpose is fine while the screens are not written.",
 None),
'useless-rule': (
 "A rule turned off with `false` (`required: false`, `email: false`, ...) does nothing.",
 "Delete the rule. A field without a `required` rule is already optional.",
 None),
'validate-without-fields': (
 "`validate: true` is on a transition of a screen that has no fields, so there is nothing to validate.",
 "Delete `validate: true`.",
 None),
'wrong-argument-count': (
 "A function is called with too many or too few arguments.",
 "Pass the arguments the signature in the message shows: `is_phone(value, phone_country)`.",
 None),
'wrong-type': (
 "A value has the wrong shape for its key: text where a list or mapping is expected, or something other than exactly `true` / `false` where a yes/no is expected (`yes`, `True`, `on` are not yes/no in flowc).",
 "Write the value in the shape the message asks for: `terminal: true`.",
 None),
'yaml-syntax': (
 "The file is not valid YAML. The most common cause is an unquoted value that contains `: ` (colon and space) or ` #`, or starts with a character YAML reserves.",
 "Quote the value: `assumption: \"none: no flow depends on it yet.\"`. The caret shows where YAML gave up; the mistake is on that line or just before it.",
 "When the broken file is `app.flow.yaml`, flowc cannot read the app at all; nothing else is reported until the YAML is fixed."),
}
del P['invalid-utf8 ']

# Codes without a golden fixture: severity and example output from running flowc by hand.
MANUAL = {
'file-too-large': ('error', """$ flowc check flows/tempo
flows/tempo/scenarios.flow.yaml:1:1: error: file is 17825792 bytes, over the 16777216-byte limit for one flow file; split it with 'include' [file-too-large]
1 error and 0 warnings generated."""),
'input-not-found': ('error', """$ flowc check flows/tempoo
flows/tempoo: error: no file or folder at 'flows/tempoo' [input-not-found]
  = note: check the path; it is read relative to the current folder
1 error and 0 warnings generated."""),
'unreadable-input': ('error', """$ flowc check flows/tempo/pipe.flow.yaml
flows/tempo/pipe.flow.yaml:1:1: error: 'flows/tempo/pipe.flow.yaml' is not a regular file or folder [unreadable-input]
1 error and 0 warnings generated."""),
'stale-survivor-explanation': ('warning', """$ flowc mutate mutants
flows/mutants/app.flow.yaml:97:7: warning: survivor 'PIN-002 field pin: pin.min_length: 4 → 5' names a mutant that the evidence of criterion 'AC-MUT-02' kills now; remove the explanation [stale-survivor-explanation]
   |
97 |       "PIN-002 field pin: pin.min_length: 4 → 5": The text is about the message.
   |       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"""),
'false-survivor-explanation': ('warning', """$ flowc mutate mutants
flows/mutants/app.flow.yaml:105:7: warning: survivor 'PIN-002 submit: set attempts ↔ analytics pin_submitted' calls the change equivalent without saying why; say what makes every run the same [false-survivor-explanation]
    |
105 |       "PIN-002 submit: set attempts ↔ analytics pin_submitted": Equivalent.
    |       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"""),
'unreached-concerns': ('warning', """$ flowc mutate mutants
flows/mutants/app.flow.yaml:125:3: warning: criterion 'AC-MUT-05' concerns 'LCK-004 back', but none of its scenarios reaches that screen; name what its scenarios check, or add a scenario that gets there [unreached-concerns]
    |
125 |   AC-MUT-05:
    |   ^~~~~~~~~"""),
'missing-app': ('error', """$ flowc check flows/tempo/onboarding.flow.yaml
flows/tempo/app.flow.yaml:1:1: error: the root file has no 'app:' section; add one with name, currency, locale and start [missing-app]
  |
1 | include:
  | ^
1 error and 0 warnings generated."""),
}

INTRO = open(os.path.join(ROOT, 'scripts/diagnostics-intro.md')).read()

codes = sorted(set(P) | set(MANUAL))
fixtures = set(os.listdir(FIX))
missing = [c for c in codes if c not in fixtures and c not in MANUAL]
extra = [c for c in fixtures if c not in P]
assert not missing, missing
assert not extra, extra

out = [INTRO.rstrip('\n'), '']
# index
out.append('## All codes')
out.append('')
rows = []
for c in codes:
    if c in MANUAL:
        sev = MANUAL[c][0]
    else:
        data = json.load(open(os.path.join(FIX, c, 'expected.json')))
        sev = next(d['severity'] for d in data['diagnostics'] if d['code'] == c)
    rows.append((c, sev))
out.append('| code | severity | code | severity |')
out.append('| --- | --- | --- | --- |')
half = (len(rows) + 1) // 2
for i in range(half):
    a = rows[i]
    b = rows[i + half] if i + half < len(rows) else ('', '')
    fa = f'[`{a[0]}`](#{a[0]})'
    fb = f'[`{b[0]}`](#{b[0]})' if b[0] else ''
    out.append(f'| {fa} | {a[1]} | {fb} | {b[1]} |')
out.append('')
out.append('---')
out.append('')
for c, sev in rows:
    meaning, fix, remark = P[c]
    out.append(f'### {c}')
    out.append('')
    out.append(f'**{sev.capitalize()}.** {meaning}')
    out.append('')
    if c in MANUAL:
        example = MANUAL[c][1]
    else:
        example = open(os.path.join(FIX, c, 'expected.txt'), encoding='utf-8', errors='replace').read().rstrip('\n')
        pass
    out.append('```text')
    out.append(example)
    out.append('```')
    out.append('')
    if remark:
        out.append(remark)
        out.append('')
    out.append(f'**Fix:** {fix}')
    out.append('')
write('docs/diagnostics.md', '\n'.join(out).rstrip('\n') + '\n')
if not CHECK:
    print(len(rows), 'codes')

# The same catalogue for flowc itself: SARIF output carries each rule's meaning, fix and help URI.
def swift_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', ' ') + '"'

swift = [
    '// Generated by scripts/make-diagnostics-doc.py from its catalogue of codes. DO NOT EDIT.',
    '',
    '/// What each diagnostic code means and how to fix it, as docs/diagnostics.md explains them; SARIF output',
    '/// gives it to code-scanning tools as rule metadata.',
    'public let diagnosticCatalog: [String: (meaning: String, fix: String)] = [',
]
for c in codes:
    meaning, fix, _ = P[c]
    swift.append(f'    {swift_string(c)}: ({swift_string(meaning)}, {swift_string(fix)}),')
swift.append(']')
write('Sources/FlowSource/DiagnosticCatalog.swift', '\n'.join(swift) + '\n')
if CHECK:
    if STALE:
        print('out of date (run python3 scripts/make-diagnostics-doc.py): ' + ', '.join(STALE), file=sys.stderr)
        sys.exit(1)
    print('docs/diagnostics.md and DiagnosticCatalog.swift are up to date')
