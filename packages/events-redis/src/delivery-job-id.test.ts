import { describe, expect, it } from 'vitest';
import { deliveryJobId } from './delivery-job-id.js';

describe('deliveryJobId', () => {
  it('is the same for one (subscription, event), and differs for another of either', () => {
    const id = deliveryJobId('sub_a', 'evt_1');
    expect(deliveryJobId('sub_a', 'evt_1')).toBe(id);
    expect(deliveryJobId('sub_b', 'evt_1')).not.toBe(id);
    expect(deliveryJobId('sub_a', 'evt_2')).not.toBe(id);
  });

  it('never holds a colon, which BullMQ refuses in job ids', () => {
    expect(deliveryJobId('sub:a', 'order:42')).not.toContain(':');
  });
});
