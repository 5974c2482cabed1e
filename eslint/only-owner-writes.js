/**
 * `lanefreight/only-owner-writes`: a server module writes only the tables it owns (ARCHITECTURE §4.16), whatever the
 * file is called: `tx.insert(table)`, `.update(table)`, `.delete(table)`, and SQL text that inserts into, updates or
 * deletes from `${table}`. Another module's tables change through that module's service.
 */

/** Each table (its export in src/server/db/schema) and the modules that may write it. */
export const TABLE_OWNERS = {
  users: ['users', 'auth'],
  sessions: ['auth'],
  oneTimeCodes: ['auth'],
  codeSends: ['auth'],
  resetTokens: ['auth'],
  outboxMessages: ['messages', 'dev'],
  deliveries: ['deliveries'],
  deliveryEvents: ['deliveries'],
  deliveryTotals: ['deliveries'],
  wallets: ['wallet'],
  ledgerEntries: ['wallet'],
  postings: ['wallet'],
  postingLines: ['wallet'],
  withdrawals: ['withdrawals'],
  payments: ['payments'],
  sandboxCharges: ['payments'],
  notifications: ['notifications'],
  liveEvents: ['live'],
  liveEventHeads: ['live'],
  partnerApplications: ['partners'],
  partnerDocuments: ['partners'],
  drivers: ['drivers'],
  deliveryRatings: ['drivers'],
  userPreferences: ['preferences'],
  addresses: ['addresses'],
  quotes: ['quotes'],
  webhookEndpoints: ['webhooks'],
  webhookRelayQueue: ['webhooks'],
  webhookEvents: ['webhooks'],
  webhookSends: ['webhooks'],
  webhookAttempts: ['webhooks'],
  webhookSequences: ['webhooks'],
  imports: ['imports'],
  apiKeys: ['api-keys'],
  receipts: ['receipts'],
  receiptCounters: ['receipts'],
};

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s*$/i;

function moduleOf(filename) {
  const match = /src[\\/]server[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename);
  return match ? match[1] : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A module writes only its own tables; others change through the owner's service." },
    schema: [],
    messages: {
      notOwner:
        "The {{module}} module writes the table {{table}}, which belongs to {{owners}}: call that module's service instead.",
    },
  },
  create(context) {
    const module = moduleOf(context.filename);
    if (!module || /\.test\.tsx?$/.test(context.filename)) return {};
    const check = (node, name) => {
      const owners = TABLE_OWNERS[name];
      if (owners && !owners.includes(module)) {
        context.report({ node, messageId: 'notOwner', data: { module, table: name, owners: owners.join(' or ') } });
      }
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const [target] = node.arguments;
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && WRITE_METHODS.has(callee.property.name) && target?.type === 'Identifier') {
          check(target, target.name);
        }
      },
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, i) => {
          if (expression.type === 'Identifier' && SQL_WRITE.test(quasis[i].value.raw)) check(expression, expression.name);
        });
      },
    };
  },
};
