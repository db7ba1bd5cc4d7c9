import styled from 'styled-components';
import { MembersPart } from './ClubMembers';
import { PlansPart } from './ClubPlans';
import { RenewalsPart } from './ClubRenewals';

/**
 * Issue 41, 'Cine Club' (the chain's, its admin's): the Cine Pase's plans (create, edit), the members searched
 * by e-mail or name with a correction of their points (with its reason, audited), and the renewal job's last
 * runs and the renewals they made. A chunk of its own, fetched when opened.
 */
export default function ClubSection({ token }: { token: string }) {
  return (
    <Parts>
      <PlansPart token={token} />
      <MembersPart token={token} />
      <RenewalsPart token={token} />
    </Parts>
  );
}

const Parts = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2rem;

  h3 {
    margin: 0 0 0.75rem;
  }
`;
