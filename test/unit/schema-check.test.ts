import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { execute, parse, print, visit } from 'graphql';
import { loadTypeDefs } from '../../src/schema.js';
import { BASELINE_PATH, checkSchema, reportSchemaCheck, subgraphSdl } from '../../scripts/schema-registry.js';

const baseline = readFileSync(BASELINE_PATH, 'utf8');
const current = loadTypeDefs();

/** The current schema with one exact piece of SDL replaced (it must occur exactly once). */
function edited(search: RegExp, replacement: string): string {
  expect(current.match(new RegExp(search.source, `${search.flags}g`))).toHaveLength(1);
  return current.replace(search, replacement);
}

/** The current schema without one field of one type (its description goes with it). */
function withoutField(typeName: string, fieldName: string): string {
  let removed = 0;
  const document = visit(parse(current), {
    ObjectTypeDefinition(node) {
      if (node.name.value !== typeName) return undefined;
      const fields = node.fields?.filter((field) => field.name.value !== fieldName);
      removed += (node.fields?.length ?? 0) - (fields?.length ?? 0);
      return { ...node, fields };
    },
  });
  expect(removed).toBe(1);
  return print(document);
}

describe('breaking-change guard (npm run schema:check)', () => {
  it('prints the SDL exactly as _service { sdl } serves it', () => {
    const served = execute({ schema: buildSubgraphSchema({ typeDefs: parse(current) }), document: parse('{ _service { sdl } }') }) as {
      data: { _service: { sdl: string } };
    };
    expect(subgraphSdl()).toBe(`${served.data._service.sdl}\n`);
  });

  it('fails on a removed field, one line naming it', async () => {
    const check = await checkSchema(baseline, subgraphSdl(withoutField('Channel', 'hosting')));
    expect(check.breaking).toEqual(["Channel.hosting: Field 'hosting' was removed from object type 'Channel'"]);
    const report = reportSchemaCheck(check);
    expect(report.exitCode).toBe(1);
    expect(report.lines[0]).toBe("BREAKING  Channel.hosting: Field 'hosting' was removed from object type 'Channel'");
  });

  it('fails on a retyped field and on a new required argument', async () => {
    const retyped = edited(/^ {2}hosting: Hosting!$/m, '  hosting: String!').replace(/^ {2}media\(\n/m, '  media(\n    "x"\n    required: Int!\n');
    const check = await checkSchema(baseline, subgraphSdl(retyped));
    expect(check.breaking).toEqual(
      expect.arrayContaining([
        "Channel.hosting: Field 'Channel.hosting' changed type from 'Hosting!' to 'String!'",
        "Channel.media.required: Argument 'required: Int!' added to field 'Channel.media'",
      ]),
    );
    expect(check.breaking).toHaveLength(2);
    expect(reportSchemaCheck(check).exitCode).toBe(1);
  });

  it('lists a dangerous change (a new enum value) without failing', async () => {
    const check = await checkSchema(baseline, subgraphSdl(edited(/^ {2}ON_PREMISE$/m, '  ON_PREMISE\n  """\n  Test.\n  """\n  HYBRID')));
    expect(check.breaking).toEqual([]);
    expect(check.dangerous).toEqual([expect.stringContaining("Enum value 'HYBRID' was added to enum 'Hosting'")]);
    const report = reportSchemaCheck(check);
    expect(report.exitCode).toBe(0);
    expect(report.lines[0]).toMatch(/^DANGEROUS Hosting\.HYBRID: /);
  });
});
