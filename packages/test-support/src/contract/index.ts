// Any new export added here is used by the packages' tests: named exports only, no wildcards.
export type {
  AclConfigCase,
  AclConfigErrorCase,
  ContractFixtures,
  FixtureModule,
  KnownGap,
  MiddlewareConfigCase,
  OpenaiToolMappingCase,
  OutputRedactionCase,
  SchemaConverterCase,
  SchemaConverterErrorCase,
  ToolMappingCase,
} from './contract-fixture-types.js';
export { fixtureDescriptor } from './fixture-descriptor.js';
export {
  CONTRACT_FIXTURES_VARIABLE,
  contractFixturesDirectory,
  loadContractFixture,
} from './load-contract-fixture.js';
