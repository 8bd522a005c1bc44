import { describe, expect, it } from 'vitest';
import {
  deriveModuleId,
  findIllegalSegment,
  normalizeModuleId,
  prefixModuleId,
} from './module-ids.js';

describe('module ids', () => {
  it.each([
    ['listPets', 'list_pets'],
    ['getHTTPResponse', 'get_http_response'],
    ['list-pets', 'list_pets'],
    ['read_item_items__item_id__get', 'read_item_items__item_id__get'],
    ['Pets.v1Find', 'pets.v1_find'],
  ])('normalises %s to %s', (given, expected) => {
    expect(normalizeModuleId(given)).toBe(expected);
  });

  it('derives ids from the path and method when there is no operationId', () => {
    expect(deriveModuleId('/pets/{petId}', 'get', undefined)).toBe('pets.pet_id.get');
    expect(deriveModuleId('/', 'post', '')).toBe('root.post');
  });

  it('normalises the prefix with the id and finds the segment no normalisation repairs', () => {
    expect(prefixModuleId('PetStore', 'list_pets')).toBe('pet_store.list_pets');
    expect(findIllegalSegment('v1.2fa.post')).toBe('2fa');
    expect(findIllegalSegment('pets.get')).toBeNull();
  });
});
