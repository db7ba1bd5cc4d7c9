import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** `/admin?seccion=ordenes&orden=<id>` opens that order's page in 'Órdenes' (a link from Ventas, or shared); 'Volver' leaves the search. */
export const ORDER_PARAM = 'orden';

/** 'Ver orden': a link to the order's page, on the panel's own path. */
export function OrderLink({ orderId }: { orderId: string }) {
  return (
    <StyledLink to={{ search: `?seccion=ordenes&${ORDER_PARAM}=${orderId}` }} aria-label={`Ver orden ${orderId}`}>
      Ver orden
    </StyledLink>
  );
}

const StyledLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 2.5rem;
  white-space: nowrap;
`;
