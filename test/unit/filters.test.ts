import { describe, expect, it } from '@jest/globals';
import { type GraphQLInputObjectType, getNamedType, isEnumType, isInputObjectType, type GraphQLNamedType } from 'graphql';
import { CHANNEL_SORT_GROUPS, CLIENT_SORT_GROUPS, checkPage, sortFieldPath, toUpstreamFilters, toUpstreamSort } from '../../src/datasources/filters.js';
import { BadUserInputError, ErrorCode } from '../../src/errors.js';
import { buildSchema } from '../../src/schema.js';

const schema = buildSchema();

function namedType<T extends GraphQLNamedType>(name: string, guard: (type: unknown) => type is T): T {
  const type = schema.getType(name);
  if (!guard(type)) throw new Error(`${name} is missing from the schema`);
  return type;
}

const expand = (prefix: string, fields: string[]) => fields.map((field) => `${prefix}.${field}`);

// Spec §4.1 "Filterable and sortable fields", written out as the spec lists them.
const CLIENT_META_INFO = ['business_vertical', 'timezone', 'about', 'business_description', 'use_case'];
const CLIENT_CONTACT_INFO = ['webpage_url', 'email', 'phone', 'language', 'country', 'street_name', 'city', 'zip_code'];
const CONTACT_USER = ['phone', 'email', 'name'];
const CLIENT_FILTER_PATHS = [
  'id',
  'name',
  'status',
  ...expand('meta_info', CLIENT_META_INFO),
  ...expand('contact_info', CLIENT_CONTACT_INFO),
  ...expand('contact_user', CONTACT_USER),
];
const CLIENT_SORT_PATHS = [...CLIENT_FILTER_PATHS, 'created_at', 'modified_at'];

const PROFILE_INFO = ['about_text', 'business_vertical', 'business_description', 'country', 'street_name', 'city', 'contact_email', 'zip_code', 'webpage_url'];
const SETUP_INFO = ['phone_number', 'phone_name', 'was_in_use', 'ivr', 'verification_method', 'default_language'];
const PROJECT = ['id', 'name', 'license_model', 'inbox', 'api_user_email', 'status', 'created_at', 'modified_at'];
const CHANNEL_CLIENT = ['id', 'name', 'organisation', 'status', 'partner_payload', 'created_at', 'modified_at'];
// "client.contact_info.* (same sub-fields as 2.1)": 2.1's contact_info includes full_name.
const CHANNEL_CLIENT_CONTACT_INFO = [...CLIENT_CONTACT_INFO, 'full_name'];
// "the service.{...}" is the `integration` object (2.2).
const INTEGRATION = ['id', 'app_id', 'type', 'stack_id', 'state', 'created_at', 'modified_at'];
const INTEGRATION_PARAMETERS = ['default_language', 'verification_method', 'app_name', 'organisation', 'api_user_email'];
const WABA_ACCOUNT = ['id', 'name', 'namespace', 'status', 'external_id', 'fb_business_id', 'created_at', 'modified_at'];
const ON_BEHALF_OF = ['id', 'name', 'status', 'type'];

const CHANNEL_NESTED_PATHS = [
  ...expand('setup_info', SETUP_INFO),
  ...expand('project', PROJECT),
  ...expand('client', CHANNEL_CLIENT),
  ...expand('client.meta_info', CLIENT_META_INFO),
  ...expand('client.contact_info', CHANNEL_CLIENT_CONTACT_INFO),
  ...expand('client.contact_user', CONTACT_USER),
  ...expand('integration', INTEGRATION),
  ...expand('integration.parameters', INTEGRATION_PARAMETERS),
  ...expand('waba_account', WABA_ACCOUNT),
  ...expand('waba_account.on_behalf_of_business_info', ON_BEHALF_OF),
  'channel_settings.ctwa_enabled',
];
const CHANNEL_FILTER_PATHS = [
  'q',
  'meta_status',
  'id',
  'type',
  'status',
  'client_id',
  'version',
  'is_migrated',
  'account_mode',
  'terminated_at',
  'created_at',
  'modified_at',
  'use_case_description',
  ...expand('profile_info', PROFILE_INFO),
  ...CHANNEL_NESTED_PATHS,
  'channel_settings.settings.tier',
];
// The filter set except q, meta_status, client_id, version, is_migrated, account_mode, terminated_at,
// use_case_description and channel_settings.settings.tier, plus profile_info.use_case_description.
const CHANNEL_SORT_PATHS = [
  'id',
  'type',
  'status',
  'created_at',
  'modified_at',
  ...expand('profile_info', [...PROFILE_INFO, 'use_case_description']),
  ...CHANNEL_NESTED_PATHS,
];

/** An input value with every leaf of the input type set (strings are the leaf's input path). */
function everyLeaf(type: GraphQLInputObjectType, prefix = ''): Record<string, unknown> {
  return Object.fromEntries<unknown>(
    Object.values(type.getFields()).map((field) => {
      const path = prefix ? `${prefix}.${field.name}` : field.name;
      const leafType = getNamedType(field.type);
      if (isInputObjectType(leafType)) return [field.name, everyLeaf(leafType, path)];
      if (leafType.name === 'Int') return [field.name, 7];
      if (leafType.name === 'Boolean') return [field.name, true];
      return [field.name, path];
    }),
  );
}

const sorted = (values: string[]) => [...values].sort();

describe('filter translation (spec 4.1, A1/A4 `filters`)', () => {
  it('turns nested inputs into one dotted snake_case key per leaf', () => {
    expect(toUpstreamFilters({ name: 'Acme', contactInfo: { country: 'DE', zipCode: '10115' }, metaInfo: { businessVertical: 'RETAIL' } })).toEqual({
      name: 'Acme',
      'contact_info.country': 'DE',
      'contact_info.zip_code': '10115',
      'meta_info.business_vertical': 'RETAIL',
    });
  });

  it('maps the channel search to q, keeps numbers and booleans typed and skips unset fields', () => {
    expect(
      toUpstreamFilters(
        {
          search: '+49 30',
          version: 2,
          isMigrated: false,
          accountMode: null,
          client: { contactInfo: { fullName: 'Ada Lovelace' } },
          wabaAccount: { onBehalfOfBusinessInfo: { status: 'approved' } },
          channelSettings: { settings: { tier: 'regular' } },
        },
        { search: 'q' },
      ),
    ).toEqual({
      q: '+49 30',
      version: 2,
      is_migrated: false,
      'client.contact_info.full_name': 'Ada Lovelace',
      'waba_account.on_behalf_of_business_info.status': 'approved',
      'channel_settings.settings.tier': 'regular',
    });
  });

  it('only renames top-level fields (a nested `search` would be a field path)', () => {
    expect(toUpstreamFilters({ project: { name: 'x' } }, { name: 'q' })).toEqual({ 'project.name': 'x' });
  });

  it('expresses every filterable client field the spec lists, and nothing else', () => {
    const input = everyLeaf(namedType('ClientFilter', isInputObjectType));
    const filters = toUpstreamFilters(input);
    expect(sorted(Object.keys(filters))).toEqual(sorted(CLIENT_FILTER_PATHS));
    expect(filters['contact_info.zip_code']).toBe('contactInfo.zipCode');
    expect(filters['meta_info.use_case']).toBe('metaInfo.useCase');
  });

  it('expresses every filterable channel field the spec lists, and nothing else', () => {
    const input = everyLeaf(namedType('ChannelFilter', isInputObjectType));
    const filters = toUpstreamFilters(input, { search: 'q' });
    expect(sorted(Object.keys(filters))).toEqual(sorted(CHANNEL_FILTER_PATHS));
    expect(filters.q).toBe('search');
    expect(filters.version).toBe(7);
    expect(filters['setup_info.was_in_use']).toBe(true);
    expect(filters['integration.parameters.api_user_email']).toBe('integration.parameters.apiUserEmail');
    expect(filters['waba_account.on_behalf_of_business_info.type']).toBe('wabaAccount.onBehalfOfBusinessInfo.type');
  });
});

describe('order translation (spec 4.1, A1/A4 `sort`)', () => {
  const enumValues = (name: string) =>
    namedType(name, isEnumType)
      .getValues()
      .map((value) => value.name);

  it('maps every ClientOrderField value to a distinct sortable client field path, covering them all', () => {
    const paths = enumValues('ClientOrderField').map((value) => sortFieldPath(value, CLIENT_SORT_GROUPS));
    expect(new Set(paths).size).toBe(paths.length);
    expect(sorted(paths)).toEqual(sorted(CLIENT_SORT_PATHS));
  });

  it('maps every ChannelOrderField value to a distinct sortable channel field path, covering them all', () => {
    const paths = enumValues('ChannelOrderField').map((value) => sortFieldPath(value, CHANNEL_SORT_GROUPS));
    expect(new Set(paths).size).toBe(paths.length);
    expect(sorted(paths)).toEqual(sorted(CHANNEL_SORT_PATHS));
  });

  it('resolves group prefixes longest first', () => {
    expect(sortFieldPath('CLIENT_META_INFO_TIMEZONE', CHANNEL_SORT_GROUPS)).toBe('client.meta_info.timezone');
    expect(sortFieldPath('CLIENT_ID', CHANNEL_SORT_GROUPS)).toBe('client.id');
    expect(sortFieldPath('WABA_ACCOUNT_ON_BEHALF_OF_BUSINESS_INFO_ID', CHANNEL_SORT_GROUPS)).toBe('waba_account.on_behalf_of_business_info.id');
    expect(sortFieldPath('INTEGRATION_PARAMETERS_APP_NAME', CHANNEL_SORT_GROUPS)).toBe('integration.parameters.app_name');
    expect(sortFieldPath('CREATED_AT', CLIENT_SORT_GROUPS)).toBe('created_at');
  });

  it('prefixes DESC with - and leaves ASC (the default) bare', () => {
    expect(toUpstreamSort({ field: 'CONTACT_INFO_COUNTRY', direction: 'DESC' }, CLIENT_SORT_GROUPS)).toBe('-contact_info.country');
    expect(toUpstreamSort({ field: 'CONTACT_INFO_COUNTRY', direction: 'ASC' }, CLIENT_SORT_GROUPS)).toBe('contact_info.country');
    expect(toUpstreamSort({ field: 'NAME' }, CLIENT_SORT_GROUPS)).toBe('name');
    expect(toUpstreamSort(null, CLIENT_SORT_GROUPS)).toBeUndefined();
  });

  it('declares ASC as the default direction of both order inputs', () => {
    for (const name of ['ClientOrder', 'ChannelOrder']) {
      expect(namedType(name, isInputObjectType).getFields().direction?.defaultValue).toBe('ASC');
    }
    expect(
      namedType('SortDirection', isEnumType)
        .getValues()
        .map((value) => value.name),
    ).toEqual(['ASC', 'DESC']);
  });
});

describe('page validation', () => {
  const failure = (page: { limit?: number | null; offset?: number | null }) => {
    try {
      checkPage(page);
    } catch (error) {
      return error;
    }
    return null;
  };

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: -3 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ limit: 5, offset: -1 }, 'offset'],
  ])('rejects %j as BAD_USER_INPUT naming %s', (page, field) => {
    const error = failure(page);
    expect(error).toBeInstanceOf(BadUserInputError);
    expect((error as BadUserInputError).extensions).toEqual({ code: ErrorCode.BadUserInput, field });
  });

  it.each([[{}], [{ limit: 1, offset: 0 }], [{ limit: null, offset: null }], [{ limit: 500, offset: 1000 }]])('accepts %j', (page) => {
    expect(failure(page)).toBeNull();
  });

  it('enforces an optional maximum', () => {
    expect(() => checkPage({ limit: 11 }, 10)).toThrow('limit must be at most 10');
  });
});
