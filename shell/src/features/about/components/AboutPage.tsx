import styled from 'styled-components';
import { cinemaInfo } from '@cine/web-kit';
import { PageContainer, PageTitle } from '../../../components/Page';
import { teamMembers } from '../teamMembers';

export function AboutPage() {
  const cinema = cinemaInfo();
  return (
    <PageContainer>
      <PageTitle>Nuestro equipo</PageTitle>
      <Grid>
        {teamMembers.map((member) => (
          <Card key={member.name} $special={member.specialMention === true}>
            {member.specialMention && <Mention>Mencion Especial para:</Mention>}
            <img src={member.photo} alt={`Foto de ${member.name}`} width={128} height={128} />
            <h2>{member.name}</h2>
            <p>{member.role}</p>
            <Links>
              <a href={member.github} target="_blank" rel="noreferrer" aria-label={`GitHub de ${member.name}`}>
                GitHub
              </a>
              <a href={member.linkedin} target="_blank" rel="noreferrer" aria-label={`LinkedIn de ${member.name}`}>
                LinkedIn
              </a>
            </Links>
          </Card>
        ))}
      </Grid>
      <Visit aria-labelledby="about-cinema">
        <h2 id="about-cinema">{cinema.name}</h2>
        <dl>
          <dt>Dirección</dt>
          <dd>{cinema.address}</dd>
          <dt>Horarios</dt>
          <dd>{cinema.hours}</dd>
        </dl>
      </Visit>
    </PageContainer>
  );
}

const Visit = styled.section`
  margin-top: 2rem;
  padding: 1.25rem;
  border-radius: 14px;
  border: 1px solid var(--cine-border);
  background: var(--cine-surface);

  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.3rem;
  }

  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.3rem 1rem;
    margin: 0;
  }

  dt {
    font-weight: 600;
    color: var(--cine-muted);
  }

  dd {
    margin: 0;
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li<{ $special: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.4rem;
  padding: 1.5rem 1rem;
  text-align: center;
  background: var(--cine-surface);
  border: 1px solid ${({ $special }) => ($special ? 'var(--cine-gold)' : 'var(--cine-border)')};
  border-radius: 14px;

  img {
    border-radius: 50%;
    border: 3px solid var(--cine-border);
  }

  h2 {
    margin: 0.5rem 0 0;
    font-size: 1.15rem;
  }

  p {
    margin: 0;
    color: var(--cine-muted);
  }
`;

const Mention = styled.span`
  font-weight: 700;
  color: var(--cine-gold);
`;

const Links = styled.div`
  display: flex;
  gap: 1rem;
  margin-top: 0.5rem;
`;
