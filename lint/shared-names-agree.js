// A schema lint rule for schema/**/*.graphql (wired in eslint.config.js as hubgraph/shared-names-agree).
//
// GraphQL refuses a selection in which one response name has two types ("Fields conflict … use different
// aliases"). A client selecting every member of a union (or every implementation of an interface) in one
// fragment hits that as soon as two members give a shared field name different types, and aliasing both
// sides in several places soon exceeds the alias limit. So two members of one union, or two implementations
// of one interface, must give a name they share the same type. A deprecated field is left out: it is how a
// clashing name is retired while still served.
//
// The schema graphql-eslint loads (parserServices.schema) is read from the files on disk; the file being
// linted is laid over it, so an edit not yet saved (or a probe linted as text) is judged as written.
import { Kind } from 'graphql';

/** A type reference as the schema prints it: `String!`, `[ContactCard!]!`. */
const typeString = (node) => {
  // graphql-eslint's nodes keep a node's own `type` (the wrapped type) as gqlType: `type` holds the kind.
  const inner = node.gqlType ?? node.type;
  if (node.kind === Kind.NON_NULL_TYPE) return `${typeString(inner)}!`;
  if (node.kind === Kind.LIST_TYPE) return `[${typeString(inner)}]`;
  return node.name.value;
};

const isDeprecatedNode = (directives) => (directives ?? []).some((directive) => directive.name.value === 'deprecated');

export const sharedNamesAgree = {
  meta: {
    type: 'problem',
    docs: { description: 'Members of one union, and implementations of one interface, give a field name they share one type.' },
    messages: {
      clash:
        'Field "{{ typeName }}.{{ fieldName }}" is {{ type }} but "{{ otherType }}.{{ fieldName }}" is {{ otherFieldType }}, and both are in {{ group }}: a client cannot select both without aliases. Give the new field another name (or deprecate the old one).',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Fields ("Type.field") whose clash is accepted, each with its reason beside the option.',
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const allowed = new Set(context.options[0]?.allow ?? []);
    return {
      // The nodes are graphql-eslint's (the GraphQL AST with ESLint locations), so a report points at the line.
      Document(document) {
        const schema = context.sourceCode.parserServices.schema;

        /** type name → field name → { type, deprecated, node (when the field is in this file) } */
        const fieldsByType = new Map();
        /** "union U" / "interface I" → member type names, and the member nodes written in this file */
        const groups = new Map();
        const groupOf = (name) => groups.get(name) ?? groups.set(name, { members: new Set(), nodes: new Map() }).get(name);
        const fieldsOf = (name) => fieldsByType.get(name) ?? fieldsByType.set(name, new Map()).get(name);

        if (schema) {
          for (const type of Object.values(schema.getTypeMap())) {
            if (type.name.startsWith('__')) continue;
            if ('getInterfaces' in type) {
              for (const field of Object.values(type.getFields())) {
                fieldsOf(type.name).set(field.name, { type: String(field.type), deprecated: field.deprecationReason != null, node: null });
              }
              for (const iface of type.getInterfaces()) groupOf(`interface ${iface.name}`).members.add(type.name);
            }
            if ('getTypes' in type) {
              for (const member of type.getTypes()) groupOf(`union ${type.name}`).members.add(member.name);
            }
          }
        }

        for (const definition of document.definitions) {
          switch (definition.kind) {
            case Kind.OBJECT_TYPE_DEFINITION:
            case Kind.OBJECT_TYPE_EXTENSION:
            case Kind.INTERFACE_TYPE_DEFINITION:
            case Kind.INTERFACE_TYPE_EXTENSION: {
              const typeName = definition.name.value;
              for (const field of definition.fields ?? []) {
                fieldsOf(typeName).set(field.name.value, { type: typeString(field.gqlType), deprecated: isDeprecatedNode(field.directives), node: field });
              }
              for (const iface of definition.interfaces ?? []) {
                const group = groupOf(`interface ${iface.name.value}`);
                group.members.add(typeName);
                group.nodes.set(typeName, iface);
              }
              break;
            }
            case Kind.UNION_TYPE_DEFINITION:
            case Kind.UNION_TYPE_EXTENSION: {
              const group = groupOf(`union ${definition.name.value}`);
              for (const member of definition.types ?? []) {
                group.members.add(member.name.value);
                group.nodes.set(member.name.value, member);
              }
              break;
            }
            default:
              break;
          }
        }

        // Each clash is reported once per file that holds a side of it: at the field written in this file,
        // else at the union member (or implemented interface) written here that brings the two together.
        const reported = new Set();
        for (const [group, { members, nodes }] of groups) {
          const names = [...members].sort();
          for (const [index, typeName] of names.entries()) {
            for (const otherType of names.slice(index + 1)) {
              for (const [fieldName, field] of fieldsOf(typeName)) {
                const other = fieldsOf(otherType).get(fieldName);
                if (!other || field.deprecated || other.deprecated || field.type === other.type) continue;
                if (allowed.has(`${typeName}.${fieldName}`) || allowed.has(`${otherType}.${fieldName}`)) continue;
                const sides = [
                  { typeName, field, otherType, other },
                  { typeName: otherType, field: other, otherType: typeName, other: field },
                ];
                const written = sides.filter((side) => side.field.node);
                const targets = written.length > 0 ? written.map((side) => ({ ...side, node: side.field.node.name })) : [];
                if (targets.length === 0) {
                  const memberNode = nodes.get(typeName) ?? nodes.get(otherType);
                  if (!memberNode) continue;
                  targets.push({ ...sides[nodes.has(typeName) ? 0 : 1], node: memberNode });
                }
                for (const target of targets) {
                  const key = `${target.typeName}.${fieldName}|${target.otherType}`;
                  if (reported.has(key)) continue;
                  reported.add(key);
                  context.report({
                    node: target.node,
                    messageId: 'clash',
                    data: {
                      typeName: target.typeName,
                      fieldName,
                      type: target.field.type,
                      otherType: target.otherType,
                      otherFieldType: target.other.type,
                      group,
                    },
                  });
                }
              }
            }
          }
        }
      },
    };
  },
};
