import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Lints SDL as if it were a file of schema/, with the project's own eslint.config.js. The lint's schema is
 * loaded from the files on disk, which lack the probe, so its types count as unreachable: that rule is left out.
 */
async function lintSchema(sdl: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(sdl, { filePath: path.join(root, 'schema', 'lint-probe.graphql') });
  return result.messages
    .filter((message) => message.ruleId !== '@graphql-eslint/no-unreachable-types')
    .map((message) => `${(message.ruleId ?? 'parse').replace('@graphql-eslint/', '')}: ${message.message.split('\n')[0]}`);
}

describe('the schema lint (npm run lint)', () => {
  it('refuses undescribed elements of every kind, inline descriptions, endpoint codes first and unconventional names', async () => {
    const problems = await lintSchema(`
"""
Probe type, reachable from Query.
"""
type LintProbe @key(fields: "id") {
  """
  The probe's id.
  """
  id: ID!
  "Inline description."
  inline: String
  """
  A3: opens with an endpoint code.
  """
  coded: String
  """
  A probe's field whose description opens with the article, not with a code.
  """
  article: String
  undescribedField(undescribedArgument: Int): String
  """
  Snake case name.
  """
  snake_case: String
}

"""
Probe enum, reachable from Query.
"""
enum LintProbeKind {
  UNDESCRIBED_VALUE
}

"""
Probe input, reachable from Query.
"""
input LintProbeInput {
  undescribedInputField: String
}

extend type Query {
  """
  Reaches the probe types.
  """
  lintProbe(
    """
    Reaches the probe enum.
    """
    kind: LintProbeKind
    """
    Reaches the probe input.
    """
    input: LintProbeInput
  ): LintProbe
}
`);
    const expected = [
      'description-style: Unexpected inline description for field "inline" in type "LintProbe"',
      'no-restricted-syntax: A description opens with what it is for a front-end reader',
      'require-description: Description is required for field "undescribedField" in type "LintProbe"',
      'require-description: Description is required for input value "undescribedArgument" in field "undescribedField"',
      'naming-convention: Field "snake_case" should be in camelCase format',
      'require-description: Description is required for enum value "UNDESCRIBED_VALUE"',
      'require-description: Description is required for input value "undescribedInputField"',
    ];
    for (const problem of expected) {
      expect([problem, problems.some((found) => found.startsWith(problem))]).toEqual([problem, true]);
    }
    // Only the endpoint code is refused: "A probe's field …" opens with the article.
    expect(problems.filter((found) => found.startsWith('no-restricted-syntax'))).toHaveLength(1);
  });

  it('knows the federation directives without their definitions in schema/, and no others', async () => {
    const problems = await lintSchema(`
"""
Probe type, reachable from Query.
"""
type LintProbe @key(fields: "id") @shareable @madeUp {
  """
  The probe's id.
  """
  id: ID!
  """
  Priced list.
  """
  items: [String!]! @listSize(assumedSize: 10) @cost(weight: 2)
}

extend type Query {
  """
  Reaches the probe type.
  """
  lintProbe: LintProbe
}
`);
    expect(problems).toEqual(['known-directives: Unknown directive "@madeUp".']);
  });
  it('refuses a union member or interface implementation that gives a shared name another type, and lets deprecated and agreeing fields be', async () => {
    const problems = await lintSchema(`
"""
Probe member of the message content union.
"""
type LintProbeContent {
  """
  Clashes with TextContent.body (String!).
  """
  body: Int
  """
  Clashes with MediaContent.kind (MediaKind!), but deprecated.
  """
  kind: String @deprecated(reason: "Use caption.")
  """
  Agrees with MediaContent.caption.
  """
  caption: String
}

extend union MessageContent = LintProbeContent

"""
Probe interface.
"""
interface LintProbeNamed {
  """
  The probe's name.
  """
  name: String!
}

"""
First implementation.
"""
type LintProbeFirst implements LintProbeNamed {
  """
  The probe's name.
  """
  name: String!
  """
  A count.
  """
  size: Int
}

"""
Second implementation.
"""
type LintProbeSecond implements LintProbeNamed {
  """
  The probe's name.
  """
  name: String!
  """
  A label, where the first has a count.
  """
  size: String
}
`);
    const clashes = problems.filter((problem) => problem.startsWith('hubgraph/shared-names-agree'));
    expect(clashes).toEqual([
      expect.stringContaining('"LintProbeContent.body" is Int but "TextContent.body" is String!, and both are in union MessageContent'),
      expect.stringContaining('"LintProbeFirst.size" is Int but "LintProbeSecond.size" is String, and both are in interface LintProbeNamed'),
      expect.stringContaining('"LintProbeSecond.size" is String but "LintProbeFirst.size" is Int, and both are in interface LintProbeNamed'),
    ]);
  });

  it('finds no clash in the schema as served: the members of MessageContent and ChannelEvent agree', async () => {
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles([path.join(root, 'schema')]);
    const clashes = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'hubgraph/shared-names-agree'));
    expect(clashes).toEqual([]);
  });
});
