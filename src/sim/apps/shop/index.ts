import type { AppDefinition } from '../../types.js';
import { SHOP_PACKAGE, ShopProcess, shopHandlesUri } from './process.js';

/** A small shopping app: sign-in, catalogue, slow search, cart, checkout, one crash and one hang. */
export const shopApp: AppDefinition = {
  package: SHOP_PACKAGE,
  label: 'Shop',
  versionName: '2.4.1',
  versionCode: 241,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity', '.LoginActivity', '.SearchActivity', '.ProductActivity', '.CartActivity', '.CheckoutActivity', '.OrderHistoryActivity'],
  permissions: ['android.permission.POST_NOTIFICATIONS'],
  handles: shopHandlesUri,
  start: (ctx, launch) => new ShopProcess(ctx, launch),
};
