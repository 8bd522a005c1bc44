import { describe, expect, it } from 'vitest';
import { encodeActionTable } from './encode-action-table.js';

describe('encodeActionTable', () => {
  it('writes one header naming the columns and one row per action', () => {
    const table = {
      actions: [
        {
          action: 'cancel_order',
          desc: 'Cancel an order',
          required: 'order_id',
          destructive: true,
        },
        {
          action: 'place_order',
          desc: 'Place an order',
          required: 'item quantity',
          destructive: false,
        },
      ],
    };
    expect(encodeActionTable(table)).toBe(
      [
        'actions[2]{action,desc,required,destructive}:',
        '  cancel_order,Cancel an order,order_id,true',
        '  place_order,Place an order,item quantity,false',
      ].join('\n'),
    );
  });

  it('quotes a description holding the delimiter, and keeps an empty field', () => {
    const table = {
      actions: [{ action: 'get', desc: 'Get one, by id', required: '', destructive: false }],
    };
    expect(encodeActionTable(table)).toBe(
      ['actions[1]{action,desc,required,destructive}:', '  get,"Get one, by id","",false'].join(
        '\n',
      ),
    );
  });
});
