// Module Federation remote 'checkout': the shell loads dist/remoteEntry.js at run time
// and renders the exposed pages below, plus the PurchasePanel widget it lends the catalog's
// movie detail page; nothing else of this package is public.
const { createFrontendConfig } = require('@cine/webpack-config');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'checkout',
  exposes: {
    './CandyPage': './src/features/candy/components/CandyPage.tsx',
    './CheckoutPage': './src/app/CheckoutPage.tsx',
    './CandyModalPage': './src/features/candy/components/CandyModalPage.tsx',
    './CajaPage': './src/features/caja/components/CajaPage.tsx',
    './PurchasePanel': './src/app/PurchasePanel.tsx',
    './CartStatus': './src/features/cart/components/CartStatus.tsx',
    './OrderConfirmationPage': './src/features/orders/components/OrderConfirmationPage.tsx',
    './MyPurchasesPage': './src/features/orders/components/MyPurchasesPage.tsx',
    './MyTicketsPage': './src/features/e-tickets/components/MyTicketsPage.tsx',
    './GiftCardPage': './src/app/GiftCardPage.tsx',
    // Issue 40: a presale's waiting room (/fila/:id), a module of its own.
    './FilaPage': './src/app/PresaleLinePage.tsx',
    // Issue 41: the Cine Club page (/club), a module of its own.
    './ClubPage': './src/app/ClubPage.tsx',
  },
  // Standalone page for working on this remote alone (`npm start`); the shell never loads it.
  html: { title: 'Cine · checkout' },
  devServer: { port: 3002, headers: { 'Access-Control-Allow-Origin': '*' } },
});
