/**
 * Each page's chunk, loaded on demand: the route table renders them lazily, and the site's start
 * fetches the first page's own beside the profile call that gates every route, rather than after
 * it (lazy() then finds the module already loaded).
 */

/** The pages' chunks, by page. */
export const pageChunks = {
  homePage: () => import('./pages/HomePage.tsx'),
  signPage: () => import('./pages/SignPage.tsx'),
  forgotPasswordPage: () => import('./pages/ForgotPasswordPage.tsx'),
  resetPasswordPage: () => import('./pages/ResetPasswordPage.tsx'),
  verifyEmailPage: () => import('./pages/VerifyEmailPage.tsx'),
  confirmWithdrawalPage: () => import('./pages/ConfirmWithdrawalPage.tsx'),
  accountOverview: () => import('./pages/AccountOverview.tsx'),
  logoutPage: () => import('./pages/LogoutPage.tsx'),
  notFoundPage: () => import('./pages/NotFoundPage.tsx'),
  liveHomePage: () => import('./pages/LiveHomePage.tsx'),
  contentPage: () => import('./pages/ContentPage.tsx'),
  legalPage: () => import('./pages/LegalPage.tsx'),
  faqPage: () => import('./pages/FaqPage.tsx'),
  marketsPage: () => import('./pages/markets/MarketsPage.tsx'),
  tradingPage: () => import('./pages/trading/TradingPage.tsx'),
  livePage: () => import('./pages/LivePage.tsx'),
  promoPage: () => import('./pages/PromoPage.tsx'),
  clientsPage: () => import('./pages/admin/ClientsPage.tsx'),
  withdrawalReviewPage: () => import('./pages/admin/WithdrawalReviewPage.tsx'),
  kycReviewPage: () => import('./pages/admin/KycReviewPage.tsx'),
  disputeReviewPage: () => import('./pages/admin/DisputeReviewPage.tsx'),
  reservesAdminPage: () => import('./pages/admin/ReservesAdminPage.tsx'),
  proofOfReservesPage: () => import('./pages/reserves/ProofOfReservesPage.tsx'),
  reservesProofPage: () => import('./pages/account/ReservesProofPage.tsx'),
  profilePage: () => import('./pages/account/ProfilePage.tsx'),
  transferPage: () => import('./pages/account/TransferPage.tsx'),
  depositPage: () => import('./pages/account/DepositPage.tsx'),
  withdrawPage: () => import('./pages/account/WithdrawPage.tsx'),
  buyCryptoPage: () => import('./pages/buy/BuyCryptoPage.tsx'),
  swapPage: () => import('./pages/account/SwapPage.tsx'),
  verificationPage: () => import('./pages/account/VerificationPage.tsx'),
  p2pMarketPage: () => import('./pages/p2p/P2pMarketPage.tsx'),
  accountP2pPage: () => import('./pages/p2p/AccountP2pPage.tsx'),
} as const;

type Chunk = () => Promise<unknown>;

/** The pages a visit most often starts on, by path (the home page as the live flag is usually off). */
const FIRST_PAGES: Readonly<Record<string, Chunk>> = {
  '/': pageChunks.homePage,
  '/markets': pageChunks.marketsPage,
  '/trading': pageChunks.tradingPage,
  '/p2p': pageChunks.p2pMarketPage,
  '/faq': pageChunks.faqPage,
  '/buy-crypto': pageChunks.buyCryptoPage,
  '/proof-of-reserves': pageChunks.proofOfReservesPage,
  '/signin': pageChunks.signPage,
  '/signup': pageChunks.signPage,
  '/account': pageChunks.accountOverview,
  '/account/overview': pageChunks.accountOverview,
};

/**
 * The chunk of the page a visit starts on, or null when it is not one of the usual first pages.
 * A visitor (no stored session) sent to the account area lands on sign-up, so that is the chunk.
 */
export function firstPageChunk(path: string, signedIn: boolean): Chunk | null {
  const guarded =
    path === '/account' || (path.startsWith('/account/') && path !== '/account/logout');
  if (!signedIn && guarded) {
    return pageChunks.signPage;
  }
  if (path.startsWith('/trading/')) return pageChunks.tradingPage;
  return FIRST_PAGES[path] ?? null;
}
