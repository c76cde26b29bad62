/**
 * The house's rules, held against the code as it stands (bench/house.ts reads them): the server's
 * root keeps only its entry point, wiring, configuration and public surface; no file imports
 * itself around a circle; no two server domains import each other; every refusal comes from the
 * error catalogue; and every product function fits on a screen.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { FUNCTION_LINE_LIMIT, measureHouse } from '../bench/house.ts';

const house = measureHouse(resolve(import.meta.dirname, '..'));

describe('the house', () => {
  test("server/'s root holds only main, app, config and its public surface", () => {
    assert.deepEqual(house.looseServerFiles, []);
  });

  test('no import circle', () => {
    assert.deepEqual(house.circles, []);
  });

  test('no two server domains import each other', () => {
    assert.deepEqual(house.mutualDomains, []);
  });

  test('server refusals come from the error catalogue', () => {
    assert.equal(house.inlineErrorSites, 0);
  });

  test(`no product function over ${FUNCTION_LINE_LIMIT} lines`, () => {
    assert.deepEqual(
      house.longFunctions.map((f) => `${f.file}: ${f.name} (${f.lines} lines)`),
      [],
    );
  });
});
