/**
 * One generated module: everything `defineModule` needs but the handler, as plain JSON.
 *
 * @example
 * ```ts
 * const spec: ManyModuleSpec = manyModuleSpecs(1)[0];
 * ```
 */
export interface ManyModuleSpec {
  moduleId: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readonly?: boolean; destructive?: boolean; idempotent?: boolean };
  tags: string[];
}

/** Ten departments, each with ten kinds of record: ids read like a real company's registry. */
const DOMAINS: Readonly<Record<string, readonly string[]>> = {
  billing: [
    'invoice',
    'payment',
    'subscription',
    'credit_note',
    'tax_rate',
    'coupon',
    'price',
    'refund',
    'statement',
    'dunning_notice',
  ],
  orders: [
    'order',
    'cart',
    'line_item',
    'return',
    'quote',
    'backorder',
    'gift_card',
    'order_note',
    'fulfillment',
    'discount',
  ],
  inventory: [
    'product',
    'warehouse',
    'stock_level',
    'supplier',
    'purchase_order',
    'batch',
    'bin',
    'sku',
    'transfer',
    'stocktake',
  ],
  customers: [
    'customer',
    'address',
    'contact',
    'segment',
    'loyalty_account',
    'consent',
    'preference',
    'company',
    'lead',
    'review',
  ],
  shipping: [
    'shipment',
    'parcel',
    'carrier',
    'label',
    'route',
    'pickup',
    'manifest',
    'tracking_event',
    'delivery_slot',
    'customs_form',
  ],
  support: [
    'ticket',
    'macro',
    'agent',
    'queue',
    'sla_policy',
    'article',
    'chat',
    'survey',
    'escalation',
    'canned_reply',
  ],
  marketing: [
    'campaign',
    'email_template',
    'audience',
    'landing_page',
    'ab_test',
    'newsletter',
    'promotion',
    'referral',
    'banner',
    'utm_link',
  ],
  analytics: [
    'dashboard',
    'report',
    'metric',
    'funnel',
    'cohort',
    'event',
    'alert',
    'forecast',
    'experiment',
    'dataset',
  ],
  staff: [
    'employee',
    'shift',
    'timesheet',
    'leave_request',
    'payroll_run',
    'team',
    'role',
    'training',
    'expense_claim',
    'review_cycle',
  ],
  documents: [
    'document',
    'folder',
    'template',
    'signature_request',
    'contract',
    'attachment',
    'version',
    'share_link',
    'retention_rule',
    'watermark',
  ],
};

/** What each verb does, as a description opens; its annotations; its extra inputs. */
const VERBS: Readonly<
  Record<
    string,
    { phrase: string; annotations: ManyModuleSpec['annotations']; inputs: Record<string, unknown> }
  >
> = {
  get: { phrase: 'Fetch one', annotations: { readonly: true, idempotent: true }, inputs: {} },
  list: {
    phrase: 'List the',
    annotations: { readonly: true, idempotent: true },
    inputs: { limit: { type: 'integer', minimum: 1, maximum: 100 }, cursor: { type: 'string' } },
  },
  create: { phrase: 'Create a new', annotations: {}, inputs: { fields: { type: 'object' } } },
  update: {
    phrase: 'Change the fields of a',
    annotations: { idempotent: true },
    inputs: { fields: { type: 'object' } },
  },
  delete: { phrase: 'Permanently delete a', annotations: { destructive: true }, inputs: {} },
  archive: {
    phrase: 'Move to the archive a',
    annotations: { idempotent: true },
    inputs: { reason: { type: 'string' } },
  },
  restore: {
    phrase: 'Bring back from the archive a',
    annotations: { idempotent: true },
    inputs: {},
  },
  export: {
    phrase: 'Export as a file the',
    annotations: { readonly: true },
    inputs: { format: { type: 'string', enum: ['csv', 'json'] } },
  },
  import: {
    phrase: 'Import from a file new',
    annotations: {},
    inputs: { fileUrl: { type: 'string' } },
  },
  audit: {
    phrase: 'Check for inconsistencies a',
    annotations: { readonly: true },
    inputs: { since: { type: 'string' } },
  },
};

function camelCase(snake: string): string {
  return snake.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * `count` (at most 1,000) generated modules — ten departments x ten record kinds x ten verbs,
 * `billing.restore_invoice` and the like — with descriptions, input schemas, annotations and
 * tags (`[department, 'read' | 'write']`) varied enough to rank: for tool search tests and
 * benchmarks over a large registry.
 *
 * @example
 * ```ts
 * for (const { moduleId, ...definition } of manyModuleSpecs(1000)) {
 *   registry.register(moduleId, defineModule({ ...definition, execute: () => ({ moduleId }) }));
 * }
 * ```
 */
export function manyModuleSpecs(count: number): ManyModuleSpec[] {
  const specs: ManyModuleSpec[] = [];
  for (const [verb, { phrase, annotations, inputs }] of Object.entries(VERBS)) {
    for (const [domain, objects] of Object.entries(DOMAINS)) {
      for (const object of objects) {
        const words = object.replaceAll('_', ' ');
        const idField = `${camelCase(object)}Id`;
        specs.push({
          moduleId: `${domain}.${verb}_${object}`,
          name: `${verb[0]?.toUpperCase()}${verb.slice(1)} ${words}`,
          description: `${phrase} ${words} record of the ${domain} department.`,
          inputSchema: {
            type: 'object',
            properties: {
              [idField]: { type: 'string', description: `The ${words} id` },
              ...inputs,
            },
            required: verb === 'list' || verb === 'create' || verb === 'import' ? [] : [idField],
            additionalProperties: false,
          },
          annotations,
          tags: [domain, annotations.readonly === true ? 'read' : 'write'],
        });
      }
    }
  }
  // Interleaved so that any prefix of the list mixes every verb and department.
  return specs
    .map((spec, index) => ({ spec, key: (index * 7919) % specs.length }))
    .sort((left, right) => left.key - right.key)
    .slice(0, count)
    .map(({ spec }) => spec);
}
